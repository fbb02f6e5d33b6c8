#!/bin/sh
# Docent post-receive hook (docs/webhooks.md): tells Docent about every push, so that a push to
# the default branch is re-analysed (and, when turned on, its documentation updated).
#
# Install it as hooks/post-receive of the bare repository (chmod +x), then set once:
#   git config docent.webhookUrl    'https://docent.example.com/api/v1/webhooks/git/<id>'
#   git config docent.webhookSecret '<the secret from the repository settings>'
#
# The body is git's own stdin (`<old sha> <new sha> <ref>` per line). X-Docent-Signature-256 is
# the HMAC-SHA256 of `<unix time>.<body>`, the time sent as X-Docent-Timestamp: Docent refuses a
# delivery signed more than 5 minutes ago, so a captured one cannot be replayed later.
# Needs curl and openssl. A failed delivery never fails the push.
url=$(git config --get docent.webhookUrl) || exit 0
secret=$(git config --get docent.webhookSecret) || exit 0
tmp=$(mktemp) || exit 0
trap 'rm -f "$tmp"' EXIT
cat > "$tmp"
[ -s "$tmp" ] || exit 0
ts=$(date +%s)
sig=$({ printf '%s.' "$ts"; cat "$tmp"; } | openssl dgst -sha256 -hmac "$secret" | sed 's/^.*= *//')
delivery="$(openssl dgst -sha256 < "$tmp" | sed 's/^.*= *//' | cut -c1-40)-$ts"
curl -fsS --max-time 20 \
  -H 'Content-Type: text/plain' \
  -H "X-Docent-Timestamp: $ts" \
  -H "X-Docent-Signature-256: sha256=$sig" \
  -H "X-Docent-Delivery: $delivery" \
  --data-binary @"$tmp" "$url" > /dev/null || echo "docent: the webhook delivery failed" >&2
exit 0
