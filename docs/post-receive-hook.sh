#!/bin/sh
# Docent post-receive hook (docs/webhooks.md): tells Docent about every push, so that a push to
# the default branch is re-analysed (and, when turned on, its documentation updated).
#
# Install it as hooks/post-receive of the bare repository (chmod +x), then set once:
#   git config docent.webhookUrl    'https://docent.example.com/api/v1/webhooks/git/<id>'
#   git config docent.webhookSecret '<the secret from the repository settings>'
#
# The body is git's own stdin (`<old sha> <new sha> <ref>` per line), signed with HMAC-SHA256
# like GitHub's X-Hub-Signature-256. Needs curl and openssl. A failed delivery never fails the push.
url=$(git config --get docent.webhookUrl) || exit 0
secret=$(git config --get docent.webhookSecret) || exit 0
tmp=$(mktemp) || exit 0
trap 'rm -f "$tmp"' EXIT
cat > "$tmp"
[ -s "$tmp" ] || exit 0
sig=$(openssl dgst -sha256 -hmac "$secret" < "$tmp" | sed 's/^.*= *//')
delivery="$(openssl dgst -sha256 < "$tmp" | sed 's/^.*= *//' | cut -c1-40)-$(date +%s)"
curl -fsS --max-time 20 \
  -H 'Content-Type: text/plain' \
  -H "X-Docent-Signature-256: sha256=$sig" \
  -H "X-Docent-Delivery: $delivery" \
  --data-binary @"$tmp" "$url" > /dev/null || echo "docent: the webhook delivery failed" >&2
exit 0
