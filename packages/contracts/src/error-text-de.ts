/**
 * German wording of the server's error details (the `detail` of a 4xx/5xx answer), keyed by the
 * English detail. The server's error handler applies it once, to the whole detail, when the
 * request's language is German (docs/i18n.md "Error details"). A detail with no entry stays
 * English: never a half-translated sentence. Kept next to the job-log texts so the web app's
 * German-voice lint reads it too.
 */

/** Exact English detail (or field message after a `field: ` prefix) → German. */
const EXACT: Readonly<Record<string, string>> = {
  // generic
  'Not found.': 'Nicht gefunden.',
  'Invalid request.': 'Ungültige Anfrage.',
  'Internal server error.': 'Interner Serverfehler.',
  'Request body is too large.': 'Der Inhalt der Anfrage ist zu groß.',
  'Request body is empty but JSON was declared.': 'Der Inhalt der Anfrage ist leer, obwohl JSON angegeben ist.',
  'Request body is not valid JSON.': 'Der Inhalt der Anfrage ist kein gültiges JSON.',
  'The URL is not correctly percent-encoded.': 'Die URL ist nicht korrekt prozentkodiert.',
  'The request could not be routed.': 'Die Anfrage konnte keiner Route zugeordnet werden.',
  // Fastify's 415, its own text after ours (apps/server/src/http/errors.ts)
  'Unsupported content type. Unsupported Media Type': 'Dieser Inhaltstyp wird nicht unterstützt.',
  'Too many requests. Please wait a minute and try again.':
    'Zu viele Anfragen. Bitte warten Sie eine Minute und versuchen Sie es dann erneut.',
  'Too many requests. Please wait a while and try again.':
    'Zu viele Anfragen. Bitte warten Sie eine Weile und versuchen Sie es dann erneut.',
  // session, sign-in, account
  'Your session has expired. Please sign in again.': 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
  'Sign in to continue.': 'Bitte melden Sie sich an, um fortzufahren.',
  'Incorrect email or password.': 'E-Mail-Adresse oder Passwort ist falsch.',
  'An account with this email already exists.': 'Es gibt bereits ein Konto mit dieser E-Mail-Adresse.',
  'An account with this email already exists. Please try again.':
    'Es gibt bereits ein Konto mit dieser E-Mail-Adresse. Bitte versuchen Sie es erneut.',
  'This user name is already taken.': 'Dieser Benutzername ist bereits vergeben.',
  'Too many failed API key attempts. Please wait a while and try again.':
    'Zu viele fehlgeschlagene Versuche mit API-Schlüsseln. Bitte warten Sie eine Weile und versuchen Sie es dann erneut.',
  'This API key is not valid.': 'Dieser API-Schlüssel ist ungültig.',
  'This API key is not valid. It may have been deleted.': 'Dieser API-Schlüssel ist ungültig. Möglicherweise wurde er gelöscht.',
  'This API key is inactive. Activate it on the API Keys page or use another key.':
    'Dieser API-Schlüssel ist deaktiviert. Aktivieren Sie ihn auf der Seite API-Schlüssel oder verwenden Sie einen anderen Schlüssel.',
  'API key not found.': 'API-Schlüssel nicht gefunden.',
  'API keys cannot be used for account security (password, email address, sessions and API keys). Sign in to Docent to do this.':
    'API-Schlüssel gelten nicht für die Kontosicherheit (Passwort, E-Mail-Adresse, Sitzungen und API-Schlüssel). Melden Sie sich dafür bei Docent an.',
  'Send one credential: either an Authorization header or an X-API-Key header, not both.':
    'Senden Sie nur eine Anmeldeangabe: entweder einen Authorization-Header oder einen X-API-Key-Header, nicht beide.',
  'This sign-in link is invalid or has expired.': 'Dieser Anmeldelink ist ungültig oder abgelaufen.',
  'This verification link was already used or replaced by a newer one.':
    'Dieser Bestätigungslink wurde bereits verwendet oder durch einen neueren ersetzt.',
  'The entered code is incorrect. Please check and try again.':
    'Der eingegebene Code ist falsch. Bitte prüfen Sie ihn und versuchen Sie es erneut.',
  'This code has expired. Please request a new one.': 'Dieser Code ist abgelaufen. Bitte fordern Sie einen neuen an.',
  'Too many incorrect attempts. Please request a new code.': 'Zu viele falsche Versuche. Bitte fordern Sie einen neuen Code an.',
  'No active code for this email. Please request a new one.':
    'Für diese E-Mail-Adresse gibt es keinen gültigen Code. Bitte fordern Sie einen neuen an.',
  'The current password is incorrect.': 'Das aktuelle Passwort ist falsch.',
  'The verification code could not be sent. Please try again later.':
    'Der Bestätigungscode konnte nicht gesendet werden. Bitte versuchen Sie es später erneut.',
  'This sign-in attempt is no longer valid (it expired, was already used or was started in another browser). Please start again.':
    'Dieser Anmeldeversuch ist nicht mehr gültig (er ist abgelaufen, wurde bereits verwendet oder in einem anderen Browser begonnen). Bitte beginnen Sie erneut.',
  // contracts' field messages (packages/contracts/src/patterns.ts and the schemas)
  'Please input a valid email address!': 'Bitte geben Sie eine gültige E-Mail-Adresse ein!',
  'This field is required!': 'Dieses Feld ist erforderlich!',
  'Password must be at least 8 characters with an uppercase letter, a lowercase letter and a number.':
    'Das Passwort muss mindestens 8 Zeichen lang sein und einen Großbuchstaben, einen Kleinbuchstaben und eine Ziffer enthalten.',
  'The two passwords that you entered do not match!': 'Die beiden eingegebenen Passwörter stimmen nicht überein!',
  'The security code has exactly 6 digits.': 'Der Sicherheitscode hat genau 6 Ziffern.',
  'The new password must differ from the previous one.': 'Das neue Passwort muss sich vom bisherigen unterscheiden.',
  'Password is too long.': 'Das Passwort ist zu lang.',
  'Must be a repository id.': 'Muss eine Repository-ID sein.',
  'Must be between 0 and 100.': 'Muss zwischen 0 und 100 liegen.',
  'Must be an http(s) URL.': 'Muss eine http(s)-URL sein.',
  'organization is required': 'Die Organisation ist erforderlich.',
  'Use letters, digits, dots, dashes or underscores.': 'Verwenden Sie Buchstaben, Ziffern, Punkte, Bindestriche oder Unterstriche.',
  'URL is too long.': 'Die URL ist zu lang.',
  'The token may contain only printable ASCII characters, without spaces.':
    'Das Token darf nur druckbare ASCII-Zeichen ohne Leerzeichen enthalten.',
  'The token is too long.': 'Das Token ist zu lang.',
  'Not a valid UPI ID': 'Keine gültige UPI-ID',
  'Not a valid Email Id': 'Keine gültige E-Mail-Adresse',
  'Not a user id.': 'Keine Benutzer-ID.',
  'Not a referral code.': 'Kein Empfehlungscode.',
  'Not a payment id.': 'Keine Zahlungs-ID.',
  'Must not contain slashes or spaces.': 'Darf keine Schrägstriche oder Leerzeichen enthalten.',
  'Must not contain slashes or control characters.': 'Darf keine Schrägstriche oder Steuerzeichen enthalten.',
  'Must not contain backslashes or control characters.': 'Darf keine Backslashes oder Steuerzeichen enthalten.',
  'Must be a whole percentage.': 'Muss ein ganzzahliger Prozentwert sein.',
  'Must be a commit id (hex).': 'Muss eine Commit-ID (hexadezimal) sein.',
  'Max line length must be at most 120.': 'Die maximale Zeilenlänge darf höchstens 120 sein.',
  'Max line length must be at least 40.': 'Die maximale Zeilenlänge muss mindestens 40 sein.',
  'Max line length must be a whole number.': 'Die maximale Zeilenlänge muss eine ganze Zahl sein.',
  'Job id must be a positive number.': 'Die Job-ID muss eine positive Zahl sein.',
  'must not contain NUL characters or unpaired surrogates.': 'darf keine NUL-Zeichen oder ungepaarten Surrogate enthalten.',
  // repositories, vendors, jobs
  'Repository not found.': 'Repository nicht gefunden.',
  'Repository not found!': 'Repository nicht gefunden!',
  'Job not found.': 'Job nicht gefunden.',
  'LRO job is not in a cancellable state': 'Der Job kann in seinem jetzigen Zustand nicht abgebrochen werden.',
  'An analysis of this repository is still running. Stop it, then remove the repository.':
    'Eine Analyse dieses Repositorys läuft noch. Stoppen Sie sie und entfernen Sie dann das Repository.',
  'No such connection.': 'Diese Verbindung gibt es nicht.',
  'Please enter a valid Personal Access Token': 'Bitte geben Sie ein gültiges Personal Access Token ein.',
  'The Personal Access Token is too long.': 'Das Personal Access Token ist zu lang.',
  'Azure DevOps needs the organization name.': 'Azure DevOps braucht den Namen der Organisation.',
  'The server has too many live streams open. Please try again shortly.':
    'Auf dem Server sind zu viele Live-Streams geöffnet. Bitte versuchen Sie es gleich noch einmal.',
  'Unknown webhook: no repository has this webhook URL.': 'Unbekannter Webhook: Kein Repository hat diese Webhook-URL.',
  'A plain git remote has no API to register a webhook on: install the post-receive hook with the URL and secret shown.':
    'Ein reines Git-Remote hat keine API, bei der sich ein Webhook anlegen lässt: Installieren Sie den post-receive-Hook mit der angezeigten URL und dem Secret.',
  'No such patch.': 'Diesen Patch gibt es nicht.',
  'Invalid style guide.': 'Ungültiger Styleguide.',
  'Pro Feature Required': 'Pro-Funktion erforderlich',
  'A pull request needs a connection to the code host holding this repository. Choose to push a branch or to download the patch.':
    'Ein Pull-Request braucht eine Verbindung zum Code-Host dieses Repositorys. Wählen Sie, einen Branch zu pushen oder den Patch herunterzuladen.',
  'No documentation patch for this repository yet.': 'Für dieses Repository gibt es noch keinen Dokumentations-Patch.',
  'Error reporting is off (SENTRY_DSN is not set).': 'Die Fehlermeldung ist ausgeschaltet (SENTRY_DSN ist nicht gesetzt).',
  'Analytics is off (ANALYTICS_URL is not set).': 'Die Analyse der Nutzung ist ausgeschaltet (ANALYTICS_URL ist nicht gesetzt).',
  // billing
  'only the Pro plan is a subscription.': 'Nur der Pro-Tarif ist ein Abonnement.',
  'Payment not found.': 'Zahlung nicht gefunden.',
  'Receipt not found.': 'Beleg nicht gefunden.',
  'Invalid webhook signature.': 'Ungültige Webhook-Signatur.',
  'Unreadable webhook payload.': 'Unlesbarer Webhook-Inhalt.',
  'name exactly one repository for the full-repository package.': 'Nennen Sie genau ein Repository für das Paket für das ganze Repository.',
  'the Pro plan is not bought for a repository.': 'Der Pro-Tarif wird nicht für ein Repository gekauft.',
  'This repository already has the full-repository package.': 'Dieses Repository hat das Paket für das ganze Repository bereits.',
  'This payment has failed.': 'Diese Zahlung ist fehlgeschlagen.',
  'The confirmed amount does not match the price plan.': 'Der bestätigte Betrag passt nicht zum Tarif.',
  'No active subscription.': 'Kein aktives Abonnement.',
  'The payment provider could not cancel the subscription. Please try again later.':
    'Der Zahlungsanbieter konnte das Abonnement nicht kündigen. Bitte versuchen Sie es später erneut.',
  'The test payment provider is not enabled on this server.': 'Der Test-Zahlungsanbieter ist auf diesem Server nicht eingeschaltet.',
  'The payment provider could not start the checkout. Please try again later.':
    'Der Zahlungsanbieter konnte den Bezahlvorgang nicht starten. Bitte versuchen Sie es später erneut.',
  'The payment provider could not be reached. Please try again later.':
    'Der Zahlungsanbieter ist nicht erreichbar. Bitte versuchen Sie es später erneut.',
  'You have no coupons to redeem.': 'Sie haben keine Gutscheine zum Einlösen.',
  'You cannot refer yourself.': 'Sie können sich nicht selbst empfehlen.',
  'A referral can only be added in the first week after sign-up.':
    'Eine Empfehlung lässt sich nur in der ersten Woche nach der Registrierung hinzufügen.',
  'Referral code not found.': 'Empfehlungscode nicht gefunden.',
  'A referral can only be added before the first payment.': 'Eine Empfehlung lässt sich nur vor der ersten Zahlung hinzufügen.',
  'A referral was already added.': 'Eine Empfehlung wurde bereits hinzugefügt.',
  'User not found.': 'Benutzer nicht gefunden.',
  // another module's sentence that a detail or a job's failure passes on (docs/i18n.md "Error details"):
  // a git URL's refusal reason (apps/server/src/vendors/git/url.ts)
  'The URL has no repository path.': 'Die URL enthält keinen Repository-Pfad.',
  'Enter a git URL.': 'Geben Sie eine Git-URL ein.',
  'The URL must not contain spaces or control characters.': 'Die URL darf keine Leerzeichen oder Steuerzeichen enthalten.',
  'The URL must not start with "-".': 'Die URL darf nicht mit "-" beginnen.',
  'Remote helpers such as "ext::" are not allowed.': 'Remote-Helper wie "ext::" sind nicht erlaubt.',
  'Invalid SSH repository path.': 'Ungültiger SSH-Repository-Pfad.',
  'This is not a valid URL.': 'Das ist keine gültige URL.',
  'The URL has no valid host.': 'Die URL hat keinen gültigen Host.',
  'The URL must not carry credentials in its query; connect the vendor with a token instead.':
    'Die URL darf in ihren Parametern keine Zugangsdaten enthalten; verbinden Sie stattdessen den Anbieter mit einem Token.',
  'The URL path must not contain "..".': 'Der Pfad der URL darf kein ".." enthalten.',
  'Local paths are not enabled on this server (set LOCAL_REPO_ROOTS); use an https, ssh or git URL.':
    'Lokale Pfade sind auf diesem Server nicht freigegeben (LOCAL_REPO_ROOTS); verwenden Sie eine https-, ssh- oder git-URL.',
  'A local repository path must be absolute.': 'Ein lokaler Repository-Pfad muss absolut sein.',
  'No repository exists at this path.': 'Unter diesem Pfad gibt es kein Repository.',
  'This path is outside the directories the server allows (LOCAL_REPO_ROOTS).':
    'Dieser Pfad liegt außerhalb der Verzeichnisse, die der Server erlaubt (LOCAL_REPO_ROOTS).',
  // the outbound policy's reason (apps/server/src/net/outbound.ts)
  'The address is not allowed: it points to a private or internal network.':
    'Die Adresse ist nicht erlaubt, denn sie zeigt in ein privates oder internes Netz.',
};

/** What a code host's listing holds, for its "something other than a list of …" verdict. */
const LISTED_DE: Readonly<Record<string, string>> = {
  repositories: 'Repositorys',
  projects: 'Projekten',
  groups: 'Gruppen',
  workspaces: 'Workspaces',
};

/** Details built with values: the English form as a pattern, the German with the same values. */
interface Pattern {
  readonly en: RegExp;
  readonly de: (...values: string[]) => string;
  /** values for the German-voice lint's sample */
  readonly sample: readonly string[];
}

const PATTERNS: readonly Pattern[] = [
  {
    en: /^No route (\S+) (.+)\.$/,
    de: (method, path) => `Keine Route ${method} ${path}.`,
    sample: ['GET', '/api/nope'],
  },
  {
    en: /^This is not a Docent API key \(keys start with "(.*)"\)\.$/,
    de: (prefix) => `Das ist kein API-Schlüssel von Docent (Schlüssel beginnen mit "${prefix}").`,
    sample: ['dk_'],
  },
  {
    en: /^This documentation has no files in the format "(.*)"\.$/,
    de: (format) => `Diese Dokumentation hat keine Dateien im Format "${format}".`,
    sample: ['pdf'],
  },
  {
    en: /^You already added (.+)\.$/,
    de: (name) => `Sie haben ${name} bereits hinzugefügt.`,
    sample: ['acme/api'],
  },
  {
    en: /^unknown job state "(.*)"$/,
    de: (state) => `unbekannter Job-Zustand "${state}"`,
    sample: ['DONE'],
  },
  {
    en: /^Unknown sign-in provider "(.*)"\. Use github, google, gitlab, bitbucket or azure\.$/,
    de: (p) => `Unbekannter Anmeldeanbieter "${p}". Verwenden Sie github, google, gitlab, bitbucket oder azure.`,
    sample: ['foo'],
  },
  {
    en: /^Unknown vendor "(.*)"\. Use github, gitlab, bitbucket or azure\.$/,
    de: (v) => `Unbekannter Anbieter "${v}". Verwenden Sie github, gitlab, bitbucket oder azure.`,
    sample: ['foo'],
  },
  {
    en: /^(.+) rejected the token\.$/,
    de: (label) => `${label} hat das Token abgelehnt.`,
    sample: ['GitHub'],
  },
  {
    en: /^this repository is on (.+), not (.+)\.$/,
    de: (is, not) => `Dieses Repository liegt auf ${is}, nicht auf ${not}.`,
    sample: ['github', 'gitlab'],
  },
  {
    en: /^You already have (\S+) live streams open\. Close a log or sync window and try again\.$/,
    de: (n) => `Sie haben bereits ${n} Live-Streams geöffnet. Schließen Sie ein Log- oder Sync-Fenster und versuchen Sie es erneut.`,
    sample: ['4'],
  },
  {
    en: /^Could not read the repository at (.+)\. Check the URL and that the server can reach it\.$/,
    de: (url) => `Das Repository unter ${url} ließ sich nicht lesen. Prüfen Sie die URL und ob der Server sie erreicht.`,
    sample: ['https://example.com/a.git'],
  },
  {
    en: /^Sign-in with (.+) is not available on this server\.$/,
    de: (l) => `Die Anmeldung mit ${l} ist auf diesem Server nicht verfügbar.`,
    sample: ['GitHub'],
  },
  {
    en: /^(.+) did not accept the sign-in \(it expired or was already used\)\. Please start again\.$/,
    de: (l) => `${l} hat die Anmeldung nicht angenommen (sie ist abgelaufen oder wurde bereits verwendet). Bitte beginnen Sie erneut.`,
    sample: ['GitHub'],
  },
  {
    en: /^(.+) could not complete the sign-in right now\. Please try again later\.$/,
    de: (l) => `${l} konnte die Anmeldung gerade nicht abschließen. Bitte versuchen Sie es später erneut.`,
    sample: ['GitHub'],
  },
  {
    en: /^Your (.+) account has no email address we can use\. Add one at (.+) and try again\.$/,
    de: (l, l2) =>
      `Ihr ${l}-Konto hat keine E-Mail-Adresse, die Docent verwenden kann. Hinterlegen Sie eine bei ${l2} und versuchen Sie es erneut.`,
    sample: ['GitHub', 'GitHub'],
  },
  {
    en: /^An account with this email address already exists, but (.+) does not confirm that the address is verified\. Sign in with your password, or verify the address at (.+) and try again\.$/,
    de: (l, l2) =>
      `Es gibt bereits ein Konto mit dieser E-Mail-Adresse, aber ${l} bestätigt nicht, dass die Adresse verifiziert ist. Melden Sie sich mit Ihrem Passwort an oder verifizieren Sie die Adresse bei ${l2} und versuchen Sie es erneut.`,
    sample: ['GitHub', 'GitHub'],
  },
  {
    en: /^An account with this email address exists but its address is not verified yet\. Sign in with your password and verify your email first; then you can sign in with (.+)\.$/,
    de: (l) =>
      `Es gibt ein Konto mit dieser E-Mail-Adresse, aber die Adresse ist noch nicht bestätigt. Melden Sie sich mit Ihrem Passwort an und bestätigen Sie zuerst Ihre E-Mail-Adresse; danach können Sie sich mit ${l} anmelden.`,
    sample: ['GitHub'],
  },
  {
    en: /^This account is already linked to another (.+) account\.$/,
    de: (l) => `Dieses Konto ist bereits mit einem anderen ${l}-Konto verknüpft.`,
    sample: ['GitHub'],
  },
  // a code host's verdict (apps/server/src/vendors: VendorApiError), the host's label as a value
  {
    en: /^The (.+) address is not allowed: it points to a private or internal network\.$/,
    de: (l) => `Die Adresse von ${l} ist nicht erlaubt, denn sie zeigt in ein privates oder internes Netz.`,
    sample: ['GitLab'],
  },
  { en: /^The request to (.+) was cancelled\.$/, de: (l) => `Die Anfrage an ${l} wurde abgebrochen.`, sample: ['GitHub'] },
  {
    en: /^(.+) did not answer within (\d+) (s|ms)\.$/,
    de: (l, n, unit) => `${l} hat nicht innerhalb von ${n} ${unit} geantwortet.`,
    sample: ['GitHub', '20', 's'],
  },
  { en: /^Could not reach (.+)\.$/, de: (l) => `${l} ist nicht erreichbar.`, sample: ['GitHub'] },
  {
    en: /^(.+) rate limit reached\. Try again later\.$/,
    de: (l) => `Das Anfragelimit von ${l} ist erreicht. Versuchen Sie es später erneut.`,
    sample: ['GitHub'],
  },
  {
    en: /^(.+) rate limit reached\. Try again in (\d+) s\.$/,
    de: (l, n) => `Das Anfragelimit von ${l} ist erreicht. Versuchen Sie es in ${n} s erneut.`,
    sample: ['GitHub', '30'],
  },
  {
    en: /^(.+) refused access with this token\.$/,
    de: (l) => `${l} verweigert mit diesem Token den Zugriff.`,
    sample: ['GitHub'],
  },
  {
    en: /^(.+) could not find the requested resource \(or the token cannot see it\)\.$/,
    de: (l) => `${l} hat die angeforderte Ressource nicht gefunden (oder das Token sieht sie nicht).`,
    sample: ['GitHub'],
  },
  {
    en: /^(.+) could not find the (repository|project) (\S+) \(or the token cannot see it\)\.$/,
    de: (l, kind, name) =>
      `${l} hat ${kind === 'project' ? 'das Projekt' : 'das Repository'} ${name} nicht gefunden (oder das Token sieht es nicht).`,
    sample: ['GitHub', 'repository', 'acme/api'],
  },
  {
    en: /^(.+) answered with an error \(HTTP (\d+)\)\.$/,
    de: (l, n) => `${l} antwortete mit einem Fehler (HTTP ${n}).`,
    sample: ['GitHub', '500'],
  },
  { en: /^(.+) redirected too many times\.$/, de: (l) => `${l} hat zu oft weitergeleitet.`, sample: ['GitHub'] },
  {
    en: /^(.+) redirected to another host \((.+)\); refusing to send the token there\.$/,
    de: (l, host) => `${l} hat an einen anderen Host (${host}) weitergeleitet; das Token wird nicht dorthin gesendet.`,
    sample: ['GitHub', 'evil.example'],
  },
  { en: /^(.+) answered with malformed JSON\.$/, de: (l) => `${l} antwortete mit fehlerhaftem JSON.`, sample: ['GitHub'] },
  {
    en: /^(.+) rejected the token: it answered with a sign-in page\.$/,
    de: (l) => `${l} hat das Token abgelehnt: Die Antwort war eine Anmeldeseite.`,
    sample: ['Azure DevOps'],
  },
  {
    en: /^(.+) answered with something that is not JSON\.$/,
    de: (l) => `${l} antwortete mit etwas, das kein JSON ist.`,
    sample: ['GitHub'],
  },
  {
    en: /^(.+) answered with an unreadable next-page link\.$/,
    de: (l) => `${l} antwortete mit einem unlesbaren Link auf die nächste Seite.`,
    sample: ['GitLab'],
  },
  {
    en: /^(.+) answered with a next-page link to another host; refusing to follow it\.$/,
    de: (l) => `${l} antwortete mit einem Link auf die nächste Seite bei einem anderen Host; ihm wird nicht gefolgt.`,
    sample: ['GitLab'],
  },
  {
    en: /^(.+) answered with something other than a (list|page) of (repositories|projects|groups|workspaces)\.$/,
    de: (l, form, what) => `${l} antwortete nicht mit ${form === 'page' ? 'einer Seite' : 'einer Liste'} von ${LISTED_DE[what] ?? what}.`,
    sample: ['Bitbucket', 'page', 'repositories'],
  },
  {
    en: /^Refusing to put a (.+) token into a non-https clone URL\.$/,
    de: (l) => `Ein ${l}-Token wird nicht in eine Klon-URL ohne https eingesetzt.`,
    sample: ['GitHub'],
  },
  {
    en: /^Your (.+) sign-in has expired\. Sign in with (.+) again to reconnect it\.$/,
    de: (l, l2) => `Ihre Anmeldung bei ${l} ist abgelaufen. Melden Sie sich erneut mit ${l2} an, um die Verbindung wiederherzustellen.`,
    sample: ['GitHub', 'GitHub'],
  },
  {
    en: /^(.+) could not renew the sign-in right now\. Try again later\.$/,
    de: (l) => `${l} konnte die Anmeldung gerade nicht erneuern. Versuchen Sie es später erneut.`,
    sample: ['GitLab'],
  },
  {
    en: /^(.+) repositories are named "project\/repository"; got "(.*)"\.$/,
    de: (l, name) => `${l}-Repositorys heißen "Projekt/Repository"; erhalten: "${name}".`,
    sample: ['Azure DevOps', 'api'],
  },
  {
    en: /^An (.+) organization is needed for this token\.$/,
    de: (l) => `Für dieses Token wird eine ${l}-Organisation gebraucht.`,
    sample: ['Azure DevOps'],
  },
  // a git URL's refusal with a value
  {
    en: /^The "(.*)" scheme is not allowed; use https, http, ssh or git\.$/,
    de: (scheme) => `Das Schema "${scheme}" ist nicht erlaubt; verwenden Sie https, http, ssh oder git.`,
    sample: ['file'],
  },
  // a style guide's parse error (packages/docgen: resolveConfig's RangeError)
  { en: /^No docstring renderer for (.+)\.$/, de: (lang) => `Für ${lang} gibt es keine Docstring-Ausgabe.`, sample: ['Cobol'] },
  {
    en: /^(\S+) supports (.+) \(got "(.*)"\)\.$/,
    de: (lang, styles, got) => `${lang} unterstützt ${styles} (angegeben: "${got}").`,
    sample: ['Python', 'google, numpy, sphinx', 'javadoc'],
  },
  {
    en: /^Max line length must be an integer from (\d+) to (\d+) \(got (.*)\)\.$/,
    de: (min, max, got) => `Die maximale Zeilenlänge muss eine ganze Zahl von ${min} bis ${max} sein (angegeben: ${got}).`,
    sample: ['40', '120', '7'],
  },
  {
    en: /^At most (\d+) characters\.$/,
    de: (n) => `Höchstens ${n} Zeichen.`,
    sample: ['80'],
  },
  {
    en: /^At least (\d+) characters\.$/,
    de: (n) => `Mindestens ${n} Zeichen.`,
    sample: ['3'],
  },
];

/** zod's size words (`zod/v4/locales/en.js`). */
const UNIT_DE: Readonly<Record<string, string>> = { characters: 'Zeichen', items: 'Einträge', entries: 'Einträge', bytes: 'Bytes' };

/** A size check's German: `<=` höchstens, `<` weniger als, `exactly ` genau … */
function sizeDe(way: 'big' | 'small', adj: string, n: string, unit: string): string {
  const bound =
    adj === 'exactly ' ? 'genau' : adj === '<=' ? 'höchstens' : adj === '<' ? 'weniger als' : adj === '>=' ? 'mindestens' : 'mehr als';
  const head = adj === 'exactly ' ? 'Falsche Größe' : way === 'big' ? 'Zu groß' : 'Zu klein';
  return `${head}: ${bound} ${n}${unit ? ` ${unit}` : ''}`;
}

/** zod's format names (`zod/v4/locales/en.js`, FormatDictionary) not covered by an exact entry above. */
const FORMAT_DE: Readonly<Record<string, string>> = {
  emoji: 'Emoji',
  UUIDv4: 'UUIDv4',
  UUIDv6: 'UUIDv6',
  nanoid: 'nanoid',
  GUID: 'GUID',
  cuid: 'cuid',
  cuid2: 'cuid2',
  ULID: 'ULID',
  XID: 'XID',
  KSUID: 'KSUID',
  'ISO datetime': 'ISO-Zeitstempel',
  'ISO date': 'ISO-Datum',
  'ISO time': 'ISO-Uhrzeit',
  'ISO duration': 'ISO-Dauer',
  'IPv4 address': 'IPv4-Adresse',
  'IPv6 address': 'IPv6-Adresse',
  'MAC address': 'MAC-Adresse',
  'IPv4 range': 'IPv4-Bereich',
  'IPv6 range': 'IPv6-Bereich',
  'base64-encoded string': 'Base64-kodierter Text',
  'base64url-encoded string': 'Base64url-kodierter Text',
  'JSON string': 'JSON-Text',
  'E.164 number': 'E.164-Nummer',
  'currency code': 'Währungscode',
  'credit card number': 'Kreditkartennummer',
  IBAN: 'IBAN',
  JWT: 'JWT',
};

/** zod's own English messages (zod 4, `zod/v4/locales/en.js`) for the schemas without a message of their own. */
const ZOD_PATTERNS: readonly Pattern[] = [
  { en: /^Invalid input$/, de: () => 'Ungültige Eingabe', sample: [] },
  {
    en: /^Invalid input: expected (\w+), received (\w+)$/,
    de: (expected, received) => `Ungültige Eingabe: erwartet ${expected}, erhalten ${received}`,
    sample: ['string', 'number'],
  },
  {
    en: /^Invalid option: expected one of (.+)$/,
    de: (values) => `Ungültige Auswahl: erlaubt sind ${values}`,
    sample: ['"A"|"B"'],
  },
  { en: /^Invalid email address$/, de: () => 'Ungültige E-Mail-Adresse', sample: [] },
  { en: /^Invalid UUID$/, de: () => 'Ungültige UUID', sample: [] },
  { en: /^Invalid URL$/, de: () => 'Ungültige URL', sample: [] },
  {
    en: /^Invalid string: must match pattern (.+)$/,
    de: (pattern) => `Ungültiger Text: muss dem Muster ${pattern} entsprechen`,
    sample: ['/^[a-z]+$/'],
  },
  {
    en: /^Too big: expected string to have <=(\d+) characters$/,
    de: (n) => `Zu lang: höchstens ${n} Zeichen`,
    sample: ['200'],
  },
  {
    en: /^Too small: expected string to have >=(\d+) characters$/,
    de: (n) => `Zu kurz: mindestens ${n} Zeichen`,
    sample: ['1'],
  },
  {
    en: /^Too big: expected array to have <=(\d+) items$/,
    de: (n) => `Zu viele Einträge: höchstens ${n}`,
    sample: ['10'],
  },
  {
    en: /^Too small: expected array to have >=(\d+) items$/,
    de: (n) => `Zu wenige Einträge: mindestens ${n}`,
    sample: ['1'],
  },
  {
    en: /^Too big: expected number to be <=(\S+)$/,
    de: (n) => `Zu groß: höchstens ${n}`,
    sample: ['100'],
  },
  {
    en: /^Too small: expected number to be >=(\S+)$/,
    de: (n) => `Zu klein: mindestens ${n}`,
    sample: ['0'],
  },
  // the rarer checks, after the common forms above
  {
    en: /^Invalid input: expected (.+)$/,
    de: (value) => `Ungültige Eingabe: erwartet ${value}`,
    sample: ['"PUSH"'],
  },
  {
    en: /^Too big: expected (\w+) to have (<=|<|exactly )(\S+) (characters|items|entries|bytes)$/,
    de: (_origin, adj, n, unit) => sizeDe('big', adj, n, UNIT_DE[unit] ?? unit),
    sample: ['string', 'exactly ', '6', 'characters'],
  },
  {
    en: /^Too small: expected (\w+) to have (>=|>|exactly )(\S+) (characters|items|entries|bytes)$/,
    de: (_origin, adj, n, unit) => sizeDe('small', adj, n, UNIT_DE[unit] ?? unit),
    sample: ['array', '>', '0', 'items'],
  },
  {
    en: /^Too big: expected (\w+) to be (<=|<|exactly )(\S+)$/,
    de: (_origin, adj, n) => sizeDe('big', adj, n, ''),
    sample: ['number', '<', '10'],
  },
  {
    en: /^Too small: expected (\w+) to be (>=|>|exactly )(\S+)$/,
    de: (_origin, adj, n) => sizeDe('small', adj, n, ''),
    sample: ['number', '>', '0'],
  },
  {
    en: /^Invalid string: must start with "(.*)"$/,
    de: (prefix) => `Ungültiger Text: muss mit "${prefix}" beginnen`,
    sample: ['https://'],
  },
  {
    en: /^Invalid string: must end with "(.*)"$/,
    de: (suffix) => `Ungültiger Text: muss auf "${suffix}" enden`,
    sample: ['.git'],
  },
  {
    en: /^Invalid string: must include "(.*)"$/,
    de: (part) => `Ungültiger Text: muss "${part}" enthalten`,
    sample: ['/'],
  },
  {
    en: new RegExp(
      `^Invalid (${Object.keys(FORMAT_DE)
        .map((k) => k.replace(/[.+]/g, '\\$&'))
        .join('|')})$`,
    ),
    de: (format) => `Ungültiges Format: ${FORMAT_DE[format] ?? format} erwartet`,
    sample: ['ISO datetime'],
  },
  {
    en: /^Invalid number: must be a multiple of (\S+)$/,
    de: (d) => `Ungültige Zahl: muss ein Vielfaches von ${d} sein`,
    sample: ['5'],
  },
  { en: /^Invalid key in (\w+)$/, de: (origin) => `Ungültiger Schlüssel in ${origin}`, sample: ['record'] },
  { en: /^Invalid value in (\w+)$/, de: (origin) => `Ungültiger Wert in ${origin}`, sample: ['map'] },
  {
    en: /^Invalid discriminator value\. Expected (.+)$/,
    de: (options) => `Ungültiger Unterscheidungswert. Erwartet: ${options}`,
    sample: ["'a' | 'b'"],
  },
  {
    en: /^Invalid input: more than one option matched$/,
    de: () => 'Ungültige Eingabe: Mehr als eine Möglichkeit passt',
    sample: [],
  },
  {
    en: /^Unrecognized keys?: (.+)$/,
    de: (keys) => `Unbekannte Felder: ${keys}`,
    sample: ['"extra"'],
  },
];

/** A field name as the server prefixes it (`field: message`, `items.0.name: message`). */
const FIELD_PREFIX = /^([A-Za-z_][\w.[\]-]*): (.+)$/s;

function sentence(text: string): string | undefined {
  const exact = EXACT[text];
  if (exact !== undefined) return exact;
  for (const p of [...PATTERNS, ...ZOD_PATTERNS]) {
    const m = p.en.exec(text);
    if (m) return p.de(...m.slice(1));
  }
  return undefined;
}

function part(text: string): string | undefined {
  const whole = sentence(text);
  if (whole !== undefined) return whole;
  const m = FIELD_PREFIX.exec(text);
  if (!m) return undefined;
  const msg = sentence(m[2]!);
  return msg === undefined ? undefined : `${m[1]}: ${msg}`;
}

/**
 * The German of an English error detail, or undefined when any part of it has no German entry.
 * A detail may be several `field: message` parts joined by "; " (validation errors); the field
 * names stay as they are.
 */
export function germanErrorDetail(english: string): string | undefined {
  const whole = part(english);
  if (whole !== undefined) return whole;
  const parts = english.split('; ');
  if (parts.length < 2) return undefined;
  const german = parts.map(part);
  return german.every((g): g is string => g !== undefined) ? german.join('; ') : undefined;
}

/** Every German text of the catalog, patterns filled with sample values: for the German-voice lint. */
export function errorDetailSamplesDe(): [string, string][] {
  return [
    ...Object.entries(EXACT),
    ...[...PATTERNS, ...ZOD_PATTERNS].map((p): [string, string] => [`pattern ${p.en.source}`, p.de(...p.sample)]),
  ];
}
