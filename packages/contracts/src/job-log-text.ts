/**
 * The job-log lines a user reads, in English and German side by side (docs/i18n.md, "Job-log
 * lines"). The server words each line once, when it is written, in the job's language; the stored
 * log, the live stream and the CLI then read the same text. The English texts are the ones the API
 * has always written: keep them byte for byte. German addresses the user as "Sie".
 *
 * Parameters are texts or numbers written as they come (commits, paths, counts, the vendor's
 * label); git's own output, command lines and JSON never pass through here.
 */
import { germanErrorDetail } from './error-text-de.ts';

export type JobLanguage = 'en' | 'de';

export const JOB_LANGUAGES: readonly JobLanguage[] = ['en', 'de'];

export function isJobLanguage(value: unknown): value is JobLanguage {
  return value === 'en' || value === 'de';
}

type P = string | number;

const EN = {
  // the engine
  created: (id: P, type: P, repo: P) => `Job ${id} created: ${type} for ${repo}`,
  validating: 'Validating the request',
  waitingForWorker: 'Waiting for a worker',
  queued: 'Queued; waiting for a worker',
  cancelRequested: 'Cancellation requested by the user',
  /** the terminate route's answer (`message`), in the request's language */
  terminationRequested: 'Job termination requested. It may take a moment to complete.',
  cancelledByUser: 'Cancelled by user',
  cancelledBeforeStart: 'Job cancelled before it started',
  startedOn: (worker: P) => `Started on worker ${worker}`,
  shuttingDown: (worker: P) => `Worker ${worker} is shutting down; the job goes back to the queue`,
  ended: (state: P, message: P) => `Job ${state}: ${message}`,
  noHandler: (type: P) => `No handler for job type ${type}`,
  unreadablePayload: (type: P, fields: P) => `The ${type} job carries an unreadable payload (${fields}).`,
  workerSilent: (worker: P, seconds: P) =>
    `Worker ${worker} stopped responding (no heartbeat for ${seconds} s); the job was marked failed.`,
  workerStopped: 'Worker stopped responding',
  timedOut: 'Job automatically cancelled after 24 hours',

  // the checkout every repository job starts with
  repositoryGone: 'The repository of this job no longer exists.',
  fetching: (repo: P) => `Fetching ${repo}`,
  hostUnresolved: (repo: P) => `Could not resolve the host of ${repo}.`,
  tokenRenewed: 'The vendor refused the token: it was renewed, fetching again',
  checkedOut: (commit: P) => `Checked out ${commit}`,

  // analysis
  savingReport: 'Saving the report',
  analysed: (files: P, parsed: P, cached: P, seconds: P) =>
    `Analysed ${files} files (${parsed} parsed, ${cached} from cache) in ${seconds} s`,
  trivialNotCounted: (n: P) => ` (${n} trivial ${n === 1 ? 'doc' : 'docs'} not counted)`,
  functionsOf: (documented: P, total: P, trivial: P) => `Functions: ${documented} of ${total} documented${trivial}`,
  outdatedDocs: (outdated: P, urgent: P) => `Outdated docs: ${outdated}; urgent docs: ${urgent}`,
  readmeScore: (score: P) => `README quality score: ${score}`,
  analysisComplete: 'Analysis complete',

  // code docs (docstrings) and the automatic docstring update
  freePlanLimit: (n: P) => `Free plan: at most ${n} files, the most undocumented first`,
  proseBy: (model: P, provider: P) =>
    `Prose: ${model} (${provider}) where its text passes the checks, the deterministic generator elsewhere`,
  documenting: (file: P) => `Documenting ${file}`,
  documented: 'Documented',
  fileDocumented: (path: P, n: P, model: P) => `${path}: ${n} function(s) documented${model}`,
  withModelProse: (n: P) => `, ${n} with prose from the model`,
  modelTextRefused: (path: P, name: P, reasons: P) => `${path} ${name}: model text refused (${reasons})`,
  qualityGate: (failure: P) => `Quality gate: ${failure} (file left unchanged)`,
  symlinkSkipped: (path: P) =>
    `${path} is reached through a symbolic link in the repository: skipped (nothing is read or written through a link)`,
  staleParams: (path: P, name: P, params: P) => `${path} ${name} documents ${params}, which the signature lacks`,
  noExceptionsDocumented: (language: P) => `The repository documents no exceptions in ${language}; none added`,
  functionsSummary: (documented: P, updated: P, skipped: P, files: P) =>
    `Functions: ${documented} documented, ${updated} updated, ${skipped} skipped in ${files} file(s)`,
  proseSummary: (model: P, fromModel: P, total: P) => `Prose from ${model}: ${fromModel} of ${total} docstring(s)`,
  nothingToChange: 'Nothing to change: every function is documented.',
  patchChosen: 'Nothing was written to the repository: you chose to review and download the patch.',
  committing: 'Committing',
  pushedBranch: (branch: P) => `Pushed branch ${branch}`,
  pushFailedPatch: (why: P) => `The branch could not be pushed: ${why}. The patch can be downloaded.`,
  openingPullRequest: 'Opening the pull request',
  savingPatch: 'Saving the patch',
  docsComplete: 'Documentation generation complete!',
  earlierCommitGone: (commit: P) =>
    `The push's earlier commit ${commit} is not in the repository any more; only the open documentation branch's files are checked`,
  checkingChanged: (n: P) => `Checking the docstrings of ${n} changed file(s)`,
  functionsUpdated: (documented: P, updated: P, files: P) => `Functions: ${documented} documented, ${updated} updated in ${files} file(s)`,
  pushFailed: (why: P) => `The branch could not be pushed: ${why}`,
  noSourceChanged: 'No source file changed: no documentation to update',
  everyChangedDocumented: 'Every changed function is documented',
  updatePushed: 'Documentation update pushed',
  updateNotPushed: 'Documentation update could not be pushed',

  // delivery (branches and pull requests)
  branchTaken: (wanted: P, branch: P) => `Branch ${wanted} already exists on the remote; pushing ${branch} instead`,
  pullRequestReused: (n: P, head: P) => `Pull request #${n} was already open for ${head}`,
  pullRequestOpened: (n: P) => `Opened pull request #${n}`,
  pullRequestFailed: (head: P, why: P, vendor: P) =>
    `The branch ${head} was pushed, but the pull request could not be opened (${why}). Open it from the branch on ${vendor}.`,
  vendorAnswered: (vendor: P, status: P) => `${vendor} answered HTTP ${status}`,
  noAnswerFrom: (vendor: P) => `no answer from ${vendor}`,
  internalError: 'an internal error',

  // architecture and API doc sets
  kindArch: 'architecture',
  kindApi: 'API',
  pushedCommitGone: (commit: P) => `The pushed commit ${commit} is not on the default branch any more.`,
  automaticUpdate: (commit: P) => `Automatic update after the push of ${commit}`,
  usingAnalysed: (analysed: P, head: P) => `Using the latest analysed commit ${analysed} (the branch is at ${head})`,
  analysedGone: (analysed: P, commit: P) => `The latest analysed commit ${analysed} is no longer on the branch; documenting ${commit}`,
  setCommitGone: (commit: P) => `The set's commit ${commit} is not in the repository any more: every page is checked`,
  noDocSourceChanged: (kind: P, commit: P) => `No source of the ${kind} docs changed since ${commit}: the hosted docs stay as they are.`,
  noDocSourceChangedResult: (kind: P) => `No source of the ${kind} docs changed`,
  sourcesChanged: (commit: P, n: P, list: P) => `Sources changed since ${commit}: ${n} (${list})`,
  generatingDocs: (kind: P, formats: P) => `Generating the ${kind} docs (${formats})`,
  generatedIn: (seconds: P) => `Generated in ${seconds} s`,
  pagesRegenerated: (n: P, list: P) => `Pages regenerated: ${n} (${list})`,
  pagesReused: (commit: P, n: P, list: P) => `Pages reused from ${commit}, their sources unchanged: ${n} (${list})`,
  setTooLarge: (size: P, max: P) => `The documentation is ${size}, more than the ${max} a doc set may hold.`,
  storingDocs: 'Storing the documentation',
  hostedAt: (latest: P, version: P) => `Hosted at ${latest} (this version: ${version})`,
  committingDocs: 'Committing the documentation',
  folderAlreadyHolds: (dir: P, branch: P) => `The ${dir} folder on ${branch} already holds these files; nothing to commit.`,
  pushedDocsTo: (branch: P, dir: P) => `Pushed the docs to ${branch} (${dir}/)`,
  directPushRefused: (branch: P, why: P) => `The push to ${branch} was refused (${why}); pushing a new branch with a pull request instead`,
  defaultBranchGetsPr: (branch: P) =>
    `${branch} is the default branch: the docs go on a new branch with a pull request (confirm a direct push to commit to ${branch} itself)`,
  docsNotCommitted: (why: P) => `The documentation could not be committed: ${why}. It can be downloaded.`,

  // pull-request insights
  usingClone: (commit: P) => `Using the clone at ${commit}`,
  vendorMismatch: (prVendor: P, repoVendor: P) => `The pull request is on ${prVendor}, the repository on ${repoVendor}.`,
  fetchingBranch: (branch: P) => `Fetching branch ${branch}`,
  fetchingPullRequest: (n: P) => `Fetching pull request #${n}`,
  headNotFetched: (commit: P) => `The head commit ${commit} of the pull request could not be fetched.`,
  baseBranchNotFetched: (branch: P) => `The base branch ${branch} of the pull request could not be fetched.`,
  baseNotFetched: (commit: P) => `The base commit ${commit} of the pull request could not be fetched.`,
  analysingChange: 'Analysing the change',
  changedFiles: (files: P, functions: P, documented: P, coverage: P) =>
    `Changed files: ${files}; changed public functions: ${functions}, ${documented} documented${coverage}`,
  coverageShare: (percent: P) => ` (${percent}%)`,
  changeFindings: (outdated: P, broken: P, suggested: P) =>
    `Docs made outdated: ${outdated}; README links broken: ${broken}; suggested docstrings: ${suggested}`,
  reportingOnPullRequest: 'Reporting on the pull request',
  branchCheckedNewer: (branch: P, commit: P) =>
    `Branch ${branch} was already checked at a newer commit (${commit}): its comment and result stay.`,
  pullRequestCheckedNewer: (n: P, commit: P) =>
    `Pull request #${n} was already checked at a newer commit (${commit}): its comment and result stay.`,
  olderCommitChecked: 'Pull-request check of an older commit: the newer result stays',
  plainGitKept: (head: P, base: P) =>
    `A plain git remote has no pull requests to comment on: the check of ${head} against ${base} is kept in Docent (the repository's pull-request checks).`,
  noVendorToken: 'No vendor connection holds a token for this repository: the result is kept in Docent only.',
  checkComplete: 'Pull-request check complete',
  checkCompletePartly: 'Pull-request check complete (some results could not be posted)',
  commented: (n: P) => `Commented on pull request #${n}`,
  commentUpdated: (n: P) => `Updated the comment on pull request #${n}`,
  commentFailed: (why: P) => `The comment could not be posted (${why}).`,
  checksPermissionMissing: (vendor: P) =>
    `${vendor} refused a check run (HTTP 403: the App lacks the checks permission): the commit status is set instead`,
  checkRunSet: (state: P, description: P) => `Check run ${state}: ${description}`,
  statusSet: (state: P, description: P) => `Status ${state}: ${description}`,
  stateNotSet: (state: P, why: P) => `The ${state} status could not be set (${why}).`,
  commitStatusFailed: (why: P) => `The commit status could not be set (${why}).`,
  postingSuggestions: 'Posting suggested docstrings',
  suggestionsPosted: (n: P) => `Posted ${n} suggested docstring(s)`,
  suggestionsPostedBefore: 'The suggested docstrings were posted before',
  suggestionsFailed: (why: P) => `The suggested docstrings could not be posted (${why}).`,

  // failure reasons thrown outside the job handlers, shown after `Job FAILED:` (JobFailure below)
  noConnectionToken: (vendor: P, owner: P) => `No ${vendor} connection holds a token for ${owner}. Connect ${vendor} again.`,
  cannotBeFetched: (repo: P, why: P) => `${repo} cannot be fetched: ${why}`,
  notObjectId: (what: P) => `${what} is not a git commit id (40 or 64 lowercase hex digits); git was not run.`,
  notAbbreviatedId: (what: P) => `${what} is not a git commit id (7 to 64 lowercase hex digits); git was not run.`,
  notBranchName: (what: P) => `${what} is not a valid git branch name; git was not run.`,
  docsFolderNotPlain: 'The folder to commit the documentation to is not a plain relative path.',
  generatorBadName: (name: P) => `The generator named a file ${name}, which is not a plain relative path.`,
  workerProcessSignal: (task: P, signal: P) => `The worker process of the ${task} task stopped (signal ${signal}) before it answered.`,
  workerProcessExit: (task: P, code: P) => `The worker process of the ${task} task stopped (exit code ${code}) before it answered.`,
} as const;

/** One language's texts: the same keys, and each function the same parameters, as the English. */
export type JobLogTexts = { readonly [K in keyof typeof EN]: (typeof EN)[K] extends string ? string : (typeof EN)[K] };

const num = (x: P) => String(x).replace('.', ',');

const DE: JobLogTexts = {
  created: (id, type, repo) => `Job ${id} angelegt: ${type} für ${repo}`,
  validating: 'Die Anfrage wird geprüft',
  waitingForWorker: 'Wartet auf einen Worker',
  queued: 'In der Warteschlange; wartet auf einen Worker',
  cancelRequested: 'Abbruch vom Benutzer angefordert',
  terminationRequested: 'Der Abbruch des Jobs ist angefordert. Es kann einen Moment dauern, bis er abgeschlossen ist.',
  cancelledByUser: 'Vom Benutzer abgebrochen',
  cancelledBeforeStart: 'Der Job wurde vor dem Start abgebrochen',
  startedOn: (worker) => `Gestartet auf Worker ${worker}`,
  shuttingDown: (worker) => `Worker ${worker} wird beendet; der Job kommt zurück in die Warteschlange`,
  ended: (state, message) => `Job ${state}: ${message}`,
  noHandler: (type) => `Kein Handler für den Job-Typ ${type}`,
  unreadablePayload: (type, fields) => `Der Job ${type} enthält unlesbare Nutzdaten (${fields}).`,
  workerSilent: (worker, seconds) =>
    `Worker ${worker} antwortet nicht mehr (seit ${seconds} s kein Heartbeat); der Job wurde als fehlgeschlagen markiert.`,
  workerStopped: 'Der Worker antwortet nicht mehr',
  timedOut: 'Job nach 24 Stunden automatisch abgebrochen',

  repositoryGone: 'Das Repository dieses Jobs existiert nicht mehr.',
  fetching: (repo) => `${repo} wird abgerufen`,
  hostUnresolved: (repo) => `Der Host von ${repo} konnte nicht aufgelöst werden.`,
  tokenRenewed: 'Der Anbieter hat das Token abgelehnt: Es wurde erneuert, der Abruf wird wiederholt',
  checkedOut: (commit) => `${commit} ausgecheckt`,

  savingReport: 'Der Bericht wird gespeichert',
  analysed: (files, parsed, cached, seconds) =>
    `${files} Dateien analysiert (${parsed} geparst, ${cached} aus dem Cache) in ${num(seconds)} s`,
  trivialNotCounted: (n) => ` (${n} ${n === 1 ? 'trivialer Doc-Kommentar' : 'triviale Doc-Kommentare'} nicht gezählt)`,
  functionsOf: (documented, total, trivial) => `Funktionen: ${documented} von ${total} dokumentiert${trivial}`,
  outdatedDocs: (outdated, urgent) => `Veraltete Dokumentation: ${outdated}; dringend: ${urgent}`,
  readmeScore: (score) => `README-Qualitätswert: ${score}`,
  analysisComplete: 'Analyse abgeschlossen',

  freePlanLimit: (n) => `Tarif Free: höchstens ${n} Dateien, die am wenigsten dokumentierten zuerst`,
  proseBy: (model, provider) => `Texte: ${model} (${provider}), wo sein Text die Prüfungen besteht, sonst der deterministische Generator`,
  documenting: (file) => `${file} wird dokumentiert`,
  documented: 'Dokumentiert',
  fileDocumented: (path, n, model) => `${path}: ${n} Funktion(en) dokumentiert${model}`,
  withModelProse: (n) => `, ${n} mit Text vom Modell`,
  modelTextRefused: (path, name, reasons) => `${path} ${name}: Text des Modells verworfen (${reasons})`,
  qualityGate: (failure) => `Qualitätsprüfung: ${failure} (Datei unverändert)`,
  symlinkSkipped: (path) =>
    `${path} wird über einen symbolischen Link im Repository erreicht: übersprungen (über einen Link wird nichts gelesen oder geschrieben)`,
  staleParams: (path, name, params) => `${path} ${name} dokumentiert ${params}, die in der Signatur fehlen`,
  noExceptionsDocumented: (language) => `Das Repository dokumentiert in ${language} keine Exceptions; keine ergänzt`,
  functionsSummary: (documented, updated, skipped, files) =>
    `Funktionen: ${documented} dokumentiert, ${updated} aktualisiert, ${skipped} übersprungen in ${files} Datei(en)`,
  proseSummary: (model, fromModel, total) => `Text von ${model}: ${fromModel} von ${total} Docstring(s)`,
  nothingToChange: 'Nichts zu ändern: Jede Funktion ist dokumentiert.',
  patchChosen: 'Nichts wurde in das Repository geschrieben: Sie haben gewählt, den Patch zu prüfen und herunterzuladen.',
  committing: 'Commit wird erstellt',
  pushedBranch: (branch) => `Branch ${branch} gepusht`,
  pushFailedPatch: (why) => `Der Branch konnte nicht gepusht werden: ${why}. Der Patch kann heruntergeladen werden.`,
  openingPullRequest: 'Der Pull-Request wird geöffnet',
  savingPatch: 'Der Patch wird gespeichert',
  docsComplete: 'Dokumentationserstellung abgeschlossen!',
  earlierCommitGone: (commit) =>
    `Der frühere Commit ${commit} des Pushs ist nicht mehr im Repository; nur die Dateien des offenen Dokumentations-Branches werden geprüft`,
  checkingChanged: (n) => `Die Docstrings von ${n} geänderten Datei(en) werden geprüft`,
  functionsUpdated: (documented, updated, files) => `Funktionen: ${documented} dokumentiert, ${updated} aktualisiert in ${files} Datei(en)`,
  pushFailed: (why) => `Der Branch konnte nicht gepusht werden: ${why}`,
  noSourceChanged: 'Keine Quelldatei geändert: keine Dokumentation zu aktualisieren',
  everyChangedDocumented: 'Jede geänderte Funktion ist dokumentiert',
  updatePushed: 'Dokumentationsaktualisierung gepusht',
  updateNotPushed: 'Die Dokumentationsaktualisierung konnte nicht gepusht werden',

  branchTaken: (wanted, branch) => `Branch ${wanted} existiert auf dem Remote bereits; stattdessen wird ${branch} gepusht`,
  pullRequestReused: (n, head) => `Pull-Request #${n} war für ${head} bereits offen`,
  pullRequestOpened: (n) => `Pull-Request #${n} geöffnet`,
  pullRequestFailed: (head, why, vendor) =>
    `Der Branch ${head} wurde gepusht, aber der Pull-Request konnte nicht geöffnet werden (${why}). Öffnen Sie ihn vom Branch aus auf ${vendor}.`,
  vendorAnswered: (vendor, status) => `${vendor} antwortete mit HTTP ${status}`,
  noAnswerFrom: (vendor) => `keine Antwort von ${vendor}`,
  internalError: 'ein interner Fehler',

  kindArch: 'Architektur',
  kindApi: 'API',
  pushedCommitGone: (commit) => `Der gepushte Commit ${commit} ist nicht mehr auf dem Standard-Branch.`,
  automaticUpdate: (commit) => `Automatische Aktualisierung nach dem Push von ${commit}`,
  usingAnalysed: (analysed, head) => `Der zuletzt analysierte Commit ${analysed} wird verwendet (der Branch steht auf ${head})`,
  analysedGone: (analysed, commit) =>
    `Der zuletzt analysierte Commit ${analysed} ist nicht mehr auf dem Branch; dokumentiert wird ${commit}`,
  setCommitGone: (commit) => `Der Commit ${commit} des Satzes ist nicht mehr im Repository: Jede Seite wird geprüft`,
  noDocSourceChanged: (kind, commit) =>
    `Keine Quelle der ${kind}-Doku hat sich seit ${commit} geändert: Die gehostete Doku bleibt, wie sie ist.`,
  noDocSourceChangedResult: (kind) => `Keine Quelle der ${kind}-Doku geändert`,
  sourcesChanged: (commit, n, list) => `Seit ${commit} geänderte Quellen: ${n} (${list})`,
  generatingDocs: (kind, formats) => `Die ${kind}-Doku wird erstellt (${formats})`,
  generatedIn: (seconds) => `Erstellt in ${num(seconds)} s`,
  pagesRegenerated: (n, list) => `Neu erstellte Seiten: ${n} (${list})`,
  pagesReused: (commit, n, list) => `Von ${commit} übernommene Seiten, ihre Quellen unverändert: ${n} (${list})`,
  setTooLarge: (size, max) => `Die Dokumentation ist ${size} groß, mehr als die ${max}, die ein Doku-Satz haben darf.`,
  storingDocs: 'Die Dokumentation wird gespeichert',
  hostedAt: (latest, version) => `Gehostet unter ${latest} (diese Version: ${version})`,
  committingDocs: 'Die Dokumentation wird committet',
  folderAlreadyHolds: (dir, branch) => `Der Ordner ${dir} auf ${branch} enthält diese Dateien bereits; nichts zu committen.`,
  pushedDocsTo: (branch, dir) => `Die Doku wurde nach ${branch} gepusht (${dir}/)`,
  directPushRefused: (branch, why) =>
    `Der Push nach ${branch} wurde abgelehnt (${why}); stattdessen wird ein neuer Branch mit einem Pull-Request gepusht`,
  defaultBranchGetsPr: (branch) =>
    `${branch} ist der Standard-Branch: Die Doku kommt auf einen neuen Branch mit einem Pull-Request (bestätigen Sie einen direkten Push, um in ${branch} selbst zu committen)`,
  docsNotCommitted: (why) => `Die Dokumentation konnte nicht committet werden: ${why}. Sie kann heruntergeladen werden.`,

  usingClone: (commit) => `Der Klon bei ${commit} wird verwendet`,
  vendorMismatch: (prVendor, repoVendor) => `Der Pull-Request liegt auf ${prVendor}, das Repository auf ${repoVendor}.`,
  fetchingBranch: (branch) => `Branch ${branch} wird abgerufen`,
  fetchingPullRequest: (n) => `Pull-Request #${n} wird abgerufen`,
  headNotFetched: (commit) => `Der Head-Commit ${commit} des Pull-Requests konnte nicht abgerufen werden.`,
  baseBranchNotFetched: (branch) => `Der Basis-Branch ${branch} des Pull-Requests konnte nicht abgerufen werden.`,
  baseNotFetched: (commit) => `Der Basis-Commit ${commit} des Pull-Requests konnte nicht abgerufen werden.`,
  analysingChange: 'Die Änderung wird analysiert',
  changedFiles: (files, functions, documented, coverage) =>
    `Geänderte Dateien: ${files}; geänderte öffentliche Funktionen: ${functions}, ${documented} dokumentiert${coverage}`,
  coverageShare: (percent) => ` (${percent} %)`,
  changeFindings: (outdated, broken, suggested) =>
    `Veraltete Dokumentation: ${outdated}; defekte README-Links: ${broken}; vorgeschlagene Docstrings: ${suggested}`,
  reportingOnPullRequest: 'Bericht an den Pull-Request',
  branchCheckedNewer: (branch, commit) =>
    `Branch ${branch} wurde bereits bei einem neueren Commit (${commit}) geprüft: Sein Kommentar und Ergebnis bleiben.`,
  pullRequestCheckedNewer: (n, commit) =>
    `Pull-Request #${n} wurde bereits bei einem neueren Commit (${commit}) geprüft: Sein Kommentar und Ergebnis bleiben.`,
  olderCommitChecked: 'Pull-Request-Prüfung eines älteren Commits: Das neuere Ergebnis bleibt',
  plainGitKept: (head, base) =>
    `Ein einfaches Git-Remote hat keine Pull-Requests zum Kommentieren: Die Prüfung von ${head} gegen ${base} wird in Docent aufbewahrt (die Pull-Request-Prüfungen des Repositorys).`,
  noVendorToken: 'Keine Anbieterverbindung hat ein Token für dieses Repository: Das Ergebnis wird nur in Docent aufbewahrt.',
  checkComplete: 'Pull-Request-Prüfung abgeschlossen',
  checkCompletePartly: 'Pull-Request-Prüfung abgeschlossen (einige Ergebnisse konnten nicht gepostet werden)',
  commented: (n) => `Pull-Request #${n} kommentiert`,
  commentUpdated: (n) => `Kommentar zu Pull-Request #${n} aktualisiert`,
  commentFailed: (why) => `Der Kommentar konnte nicht gepostet werden (${why}).`,
  checksPermissionMissing: (vendor) =>
    `${vendor} hat einen Check-Run abgelehnt (HTTP 403: Der App fehlt die Berechtigung „checks“): Stattdessen wird der Commit-Status gesetzt`,
  checkRunSet: (state, description) => `Check-Run ${state}: ${description}`,
  statusSet: (state, description) => `Status ${state}: ${description}`,
  stateNotSet: (state, why) => `Der Status ${state} konnte nicht gesetzt werden (${why}).`,
  commitStatusFailed: (why) => `Der Commit-Status konnte nicht gesetzt werden (${why}).`,
  postingSuggestions: 'Vorgeschlagene Docstrings werden gepostet',
  suggestionsPosted: (n) => `${n} vorgeschlagene(n) Docstring(s) gepostet`,
  suggestionsPostedBefore: 'Die vorgeschlagenen Docstrings wurden bereits gepostet',
  suggestionsFailed: (why) => `Die vorgeschlagenen Docstrings konnten nicht gepostet werden (${why}).`,

  noConnectionToken: (vendor, owner) => `Keine ${vendor}-Verbindung hat ein Token für ${owner}. Verbinden Sie ${vendor} erneut.`,
  cannotBeFetched: (repo, why) => `${repo} kann nicht abgerufen werden: ${why}`,
  notObjectId: (what) => `${what} ist keine Git-Commit-ID (40 oder 64 Hexadezimalziffern in Kleinschreibung); git wurde nicht ausgeführt.`,
  notAbbreviatedId: (what) =>
    `${what} ist keine Git-Commit-ID (7 bis 64 Hexadezimalziffern in Kleinschreibung); git wurde nicht ausgeführt.`,
  notBranchName: (what) => `${what} ist kein gültiger Git-Branch-Name; git wurde nicht ausgeführt.`,
  docsFolderNotPlain: 'Der Ordner, in den die Dokumentation committet werden soll, ist kein einfacher relativer Pfad.',
  generatorBadName: (name) => `Der Generator hat eine Datei ${name} genannt, die kein einfacher relativer Pfad ist.`,
  workerProcessSignal: (task, signal) => `Der Worker-Prozess der Aufgabe ${task} wurde beendet (Signal ${signal}), bevor er antwortete.`,
  workerProcessExit: (task, code) => `Der Worker-Prozess der Aufgabe ${task} wurde beendet (Exit-Code ${code}), bevor er antwortete.`,
};

/** Every language's texts, English first (the reference). */
export const JOB_LOG_TEXTS: { readonly [L in JobLanguage]: JobLogTexts } = { en: EN, de: DE };

/** The texts of a job's language; anything but German reads English. */
export function jobLogTexts(language: string | null | undefined): JobLogTexts {
  return language === 'de' ? DE : EN;
}

/**
 * Another module's words inside a failure reason (a git URL's refusal, a code host's verdict, the
 * name of a git argument): German from the error-detail catalog or GIT_SUBJECTS_DE, and the whole
 * reason stays English when it has none.
 */
export interface Relayed {
  readonly english: string;
}
export type FailureArg = P | Relayed;
export type JobLogKey = keyof typeof EN;

export const isJobLogKey = (key: string): key is JobLogKey => Object.hasOwn(EN, key);
type FailureArgs<K extends JobLogKey> = (typeof EN)[K] extends (...a: infer A) => string ? { [I in keyof A]: FailureArg } : [];

/** What a git argument check names (`objectId(value, what)` and its siblings), in German. */
export const GIT_SUBJECTS_DE: Readonly<Record<string, string>> = {
  "The push's new commit": 'Der neue Commit des Pushs',
  "The push's earlier commit": 'Der frühere Commit des Pushs',
  'The branch to commit the documentation to': 'Der Ziel-Branch der Dokumentation',
  "The repository's branch": 'Der Branch des Repositorys',
  'The scratch branch': 'Der Arbeits-Branch',
  'The branch head': 'Der Kopf des Branches',
  'The branch': 'Der Branch',
  'The branch to push to': 'Der Ziel-Branch des Pushs',
  'The remote branch head': 'Der Kopf des Branches auf dem Remote',
  'The checked-out commit': 'Der ausgecheckte Commit',
  "The pull request's head commit": 'Der Head-Commit des Pull-Requests',
  "The pull request's base commit": 'Der Basis-Commit des Pull-Requests',
  'The merge base': 'Die Merge-Basis',
};

const germanWords = (english: string): string | undefined => GIT_SUBJECTS_DE[english] ?? germanErrorDetail(english);

function worded(texts: JobLogTexts, key: JobLogKey, args: readonly FailureArg[], relay: (english: string) => string | undefined) {
  const words = args.map((a) => (typeof a === 'object' ? relay(a.english) : a));
  if (words.some((w) => w === undefined)) return undefined;
  const text: string | ((...a: P[]) => string) = texts[key];
  return typeof text === 'string' ? text : text(...words.map((w) => w ?? ''));
}

/**
 * A job's failure reason from the catalog (docs/i18n.md "Job-log lines"): its message is the
 * English text, as always; a German job's end line words it in German (jobFailureMessage).
 */
export class JobFailure<K extends JobLogKey = JobLogKey> extends Error {
  override readonly name: string = 'JobFailure';
  readonly args: readonly FailureArg[];
  constructor(
    readonly key: K,
    ...args: FailureArgs<K>
  ) {
    const list: readonly FailureArg[] = args;
    super(worded(EN, key, list, (english) => english));
    this.args = list;
  }
}

/**
 * The reason a failed job's end line gives (`Job FAILED: <reason>`), in the job's language: the
 * English message as it is; for a German job a JobFailure in German, another error's sentence
 * from the error-detail catalog, English when either has no German.
 */
export function jobFailureMessage(language: string | null | undefined, err: unknown): string {
  const english = (err instanceof Error ? err.message : '') || String(err);
  if (language !== 'de') return english;
  if (err instanceof JobFailure) return worded(DE, err.key, err.args, germanWords) ?? english;
  return germanErrorDetail(english) ?? english;
}

/**
 * A progress message the analyzer sends (packages/analyzer, English), in the job's language.
 * A message not listed here is relayed as it is.
 */
const ANALYZER_STEPS_DE: [RegExp, (...m: string[]) => string][] = [
  [/^Listing files$/, () => 'Dateien werden aufgelistet'],
  [/^Reading (\d+) files$/, (n) => `${n} Dateien werden gelesen`],
  [/^Read (\d+)\/(\d+) files$/, (a, b) => `${a}/${b} Dateien gelesen`],
  [/^Parsed (\d+)\/(\d+) files$/, (a, b) => `${a}/${b} Dateien geparst`],
  [/^Computing language shares$/, () => 'Sprachanteile werden berechnet'],
  [/^Reading git history for (\d+) files$/, (n) => `Git-Historie von ${n} Dateien wird gelesen`],
  [
    /^Comparing (\d+) files with the versions their docs were written for$/,
    (n) => `${n} Dateien werden mit den Versionen verglichen, für die ihre Dokumentation geschrieben wurde`,
  ],
  [/^Asking (.+) about (\d+) changed functions$/, (model, n) => `${model} wird zu ${n} geänderten Funktionen befragt`],
  [/^Judged (\d+)\/(\d+) changed functions$/, (a, b) => `${a}/${b} geänderte Funktionen beurteilt`],
  [/^Analysing README$/, () => 'README wird analysiert'],
  [/^Analysis complete$/, () => 'Analyse abgeschlossen'],
];

export function analyzerStepText(language: JobLanguage, message: string): string {
  if (language !== 'de') return message;
  for (const [re, word] of ANALYZER_STEPS_DE) {
    const m = re.exec(message);
    if (m) return word(...m.slice(1));
  }
  return message;
}

/** The analyzer's step messages analyzerStepText knows, as examples (for the catalog's test). */
export const ANALYZER_STEP_EXAMPLES: readonly string[] = [
  'Listing files',
  'Reading 12 files',
  'Read 3/12 files',
  'Parsed 3/12 files',
  'Computing language shares',
  'Reading git history for 4 files',
  'Comparing 2 files with the versions their docs were written for',
  'Asking gpt-x about 5 changed functions',
  'Judged 1/5 changed functions',
  'Analysing README',
  'Analysis complete',
];

/**
 * Every text of a language with a marker `⟦i⟧` for each parameter: what the catalog's test and the
 * web app's German-voice lint read (docs/i18n.md).
 */
export function jobLogSamples(language: JobLanguage): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(JOB_LOG_TEXTS[language])) {
    const fn: string | ((...a: string[]) => string) = value;
    out.set(key, typeof fn === 'string' ? fn : fn(...Array.from({ length: fn.length }, (_, i) => `⟦${i}⟧`)));
  }
  return out;
}

/** The number of parameters of each text (-1: a plain text). */
export function jobLogArity(language: JobLanguage): Map<string, number> {
  return new Map(Object.entries(JOB_LOG_TEXTS[language]).map(([k, v]) => [k, typeof v === 'function' ? v.length : -1]));
}
