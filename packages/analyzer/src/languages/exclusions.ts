/**
 * Which paths Linguist leaves out of the language bar: vendored code, documentation, generated
 * files. Behaviour follows Linguist 7's vendor.yml, documentation.yml and Generated class (see
 * docs/metrics/languages.md); the rules below are grouped by intent. Paths are repo-relative with
 * forward slashes; every regex is tested against the whole path.
 */

/** Third-party code kept in the tree. */
const VENDORED: readonly RegExp[] = [
  // Dependency, cache and build-output folders.
  /(?:^|\/)(?:cache|dist|node_modules|bower_components|_esy|Carthage|Sparkle|puphpet|MathJax|ace-builds|admin_media|env)\//,
  /(?:^|\/)_esy$/,
  /^(?:[Dd]ependencies|deps|debian)\//,
  /(?:^|\/)\.yarn\/(?:releases|plugins|sdks|versions|unplugged)\//,
  /(?:^|\/)Godeps\/_workspace\//,
  /(?:^|\/)(?:testdata|vignettes)\//,
  /(?:^|\/)inst\/extdata\//,
  /(?:^|\/)[Tt]ests?\/fixtures\//,
  /(?:^|\/)[Ss]pecs?\/fixtures\//,
  /(?:3rd|[Tt]hird)[-_]?[Pp]arty\//,
  /(?:^|\/)vendors?\//,
  /(?:^|\/)[Vv]+endor\//,
  /(?:^|\/)[Ee]xtern(?:als?)?\//,
  /(?:^|\/)[Pp]ackages\/.+\.\d+\//, // NuGet package folders like packages/Foo.1.2/
  /(?:^|\/)docs?\/_?(?:build|themes?|templates?|static)\//,
  /(?:^|\/)\.(?:vscode|github|google_apis)\//,
  /(?:^|\/)(?:gradle|\.mvn)\/wrapper\//,
  /\.(?:xctemplate|imageset)\//,
  /(?:^|\/)(?:Crashlytics|Fabric|BuddyBuildSDK)\.framework\//,
  /(?:^|\/)Realm(?:Swift)?\.framework/,
  /(?:^|\/)tiny_mce\/(?:langs|plugins|themes|utils)/,
  /(?:^|\/)[Cc]ode[Mm]irror\/(?:\d+\.\d+\/)?(?:lib|mode|theme|addon|keymap|demo)/,
  /(?:^|\/)extjs\/(?:\.sencha|docs|builds|cmd|examples|locale|packages|plugins|resources|src|welcome)\//,
  /(?:^|\/)extjs\/.*?\.(?:js|xml|txt|html|properties)$/,
  // Build tooling that projects copy in (autotools, wrappers, editor and VCS files).
  /(?:^|\/)(?:configure|config\.guess|config\.sub|gradlew|gradlew\.bat|mvnw|mvnw\.cmd|waf|run\.n|activator|activator\.bat|Vagrantfile|Jenkinsfile)$/,
  /(?:^|\/)(?:aclocal|libtool|ltoptions|ltsugar|ltversion|lt~obsolete)\.m4/,
  /(?:^|\/)dotnet-install\.(?:ps1|sh)$/,
  /(?:^|\/)(?:cpplint\.py|erlang\.mk|\.indent\.pro)/,
  /^rebar$/,
  /(?:^|\/)fabfile\.py$/,
  /(?:^|\/)\.osx$/,
  /(?:^|\/)\.git(?:attributes|ignore|modules)$/,
  /(?:^|\/)\.gitpod\.Dockerfile$/,
  /(?:^|\/)\.sublime-(?:project|workspace)/,
  /(?:^|\/)\.[Dd][Ss]_[Ss]tore$/,
  /(?:^|\/)proguard(?:-rules)?\.pro$/,
  // Minified files, TypeScript declaration files and well-known front-end libraries.
  /[.-]min\.(?:js|css)$/,
  /\.d\.ts$/,
  /[^\s]*import\.(?:css|less|scss|styl)$/,
  /(?:^|\/)bootstrap[^/.]*(?=\.).*\.(?:js|css|less|scss|styl)$/,
  /(?:^|\/)custom\.bootstrap[^\s]*(?:js|css|less|scss|styl)$/,
  /(?:^|\/)font-?awesome(?:\.|\/.*\.)(?:css|less|scss|styl)$/,
  /(?:^|\/)(?:foundation|normalize|skeleton|animate)\.(?:css|less|scss|styl)$/,
  /(?:^|\/)[Bb]ourbon\/.*\.(?:css|less|scss|styl)$/,
  /(?:^|\/)materialize\.(?:css|less|scss|styl|js)$/,
  /(?:^|\/)select2\/.*\.(?:css|scss|js)$/,
  /(?:^|\/)bulma\.(?:css|sass|scss)$/,
  /(?:^|\/)bootstrap-datepicker\//,
  /(?:^|\/)jquery[^.]*\.js$/,
  /(?:^|\/)jquery-\d\.\d+(?:\.\d+)?\.js$/,
  /(?:^|\/)jquery-ui(?:-\d\.\d+(?:\.\d+)?)?(?:\.\w+)?\.(?:js|css)$/,
  /(?:^|\/)jquery\.(?:ui|effects)\.[^.]*\.(?:js|css)$/,
  /(?:^|\/)jquery\.(?:fn\.gantt\.js|fancybox\.(?:js|css)|dataTables\.js)/,
  /(?:^|\/)jquery\.fileupload(?:-\w+)?\.js$/,
  /(?:^|\/)jquery[^.]*\.validate(?:\.unobtrusive)?\.js$/,
  /(?:^|\/)jquery[^.]*\.unobtrusive-ajax\.js$/,
  /(?:^|\/)(?:fuelux|bootbox|pdf\.worker|leaflet\.draw-src|leaflet\.spin|wicket-leaflet|Control\.FullScreen)\.js/,
  /(?:^|\/)(?:leaflet\.draw|Control\.FullScreen)\.css/,
  /(?:^|\/)slick\.\w+.js$/,
  /(?:^|\/)Leaflet\.Coordinates-\d+\.\d+\.\d+\.src\.js$/,
  /(?:^|\/)prototype.*\.js$/,
  /(?:^|\/)(?:effects|controls|dragdrop|dojo|MochiKit|shCore|shLegacy|ckeditor|Chart|html5shiv)\.js$/,
  /(?:^|\/)mootools[^.]*\d+\.\d+.\d+[^.]*\.js$/,
  /(?:^|\/)(?:yahoo-|yui)[^.]*\.js$/,
  /(?:^|\/)tiny_mce[^.]*\.js$/,
  /(?:^|\/)fontello.*?\.css$/,
  /(?:^|\/)shBrush[^.]*\.js$/,
  /(?:^|\/)angular[^.]*\.js$/,
  /(?:^|\/)d3(?:\.v\d+)?[^.]*\.js$/,
  /(?:^|\/)react(?:-[^.]*)?\.js$/,
  /(?:^|\/)flow-typed\/.*\.js$/,
  /(?:^|\/)modernizr(?:-\d\.\d+(?:\.\d+)?|\.custom\.\d+)\.js$/,
  /(?:^|\/)knockout-(?:\d+\.){3}(?:debug\.)?js$/,
  /-vsdoc\.js$/,
  /\.intellisense\.js$/,
  /(?:^|\/)[Mm]icrosoft(?:[Mm]vc)?(?:[Aa]jax|[Vv]alidation)(?:\.debug)?\.js$/,
  /(?:^|\/)cordova[^.]*\.js$/,
  /(?:^|\/)cordova-\d\.\d(?:\.\d)?\.js$/,
  /(?:^|\/)foundation(?:\..*)?\.js$/,
  /(?:^|\/)octicons\.css/,
  /(?:^|\/)sprockets-octicons\.scss/,
];

/** Documentation: docs folders at the root, documentation folders anywhere, and the usual root files. */
const DOCUMENTATION: readonly RegExp[] = [
  /^[Dd]ocs?\//,
  /(?:^|\/)(?:[Dd]ocumentation|[Gg]roovydoc|[Jj]avadoc)\//,
  /^(?:[Mm]an|[Ee]xamples|[Dd]emos?|[Ss]amples?)\//,
  /(?:^|\/)inst\/doc\//,
  /(?:^|\/)CITATION(?:\.cff|S?(?:\.(?:bib|md))?)$/,
  /(?:^|\/)(?:CHANGE(?:S|LOG)?|CONTRIBUTING|COPYING|INSTALL|LICEN[CS]E|[Ll]icen[cs]e|README|[Rr]eadme)(?:\.|$)/,
];

/** Generated by path alone. */
const GENERATED_PATHS: readonly RegExp[] = [
  /\.(?:nib|xcworkspacedata|xcuserstate)$/, // Xcode
  /(?:^|\/)\.idea\//,
  /(?:^|\/)Pods\//, // CocoaPods
  /(?:^|\/)Carthage\/Build\//,
  /__generated__\//, // GraphQL Relay
  /\.designer\.(?:cs|vb)$/i,
  /\.feature\.cs$/i,
  /composer\.lock/,
  /Cargo\.lock/,
  /node_modules\//,
  /vendor\/(?:(?!-)[-0-9A-Za-z]+(?<!-)\.)+(?:com|edu|gov|in|me|net|org|fm|io)/, // Go vendoring
  /(?:Gopkg|glide)\.lock/,
  /poetry\.lock/,
  /(?:^|\/)(?:\w+\.)?esy\.lock$/,
  /npm-shrinkwrap\.json|package-lock\.json/,
  /(?:^|\/)\.terraform\.lock\.hcl$/,
  /(?:^|\/)\.pnp\..*$/, // Yarn Plug'n'Play
  /Godeps\//,
  /.\.zep\.(?:c|h|php)$/, // Zephir
  /Pipfile\.lock/,
  /_tlb\.pas$/i,
];

const extOf = (path: string) => {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot) : '';
};

const anyLine = (lines: readonly string[], count: number, test: (l: string) => boolean) => lines.slice(0, count).some(test);

const WHOLE_SAMPLE_EXTENSIONS = new Set(['.js', '.css', '.xml', '.yml']);
const HEAD_LINES = 41;

/** sample.split('\n', limit), without splitting the rest of the sample. */
function headLines(text: string, limit: number): string[] {
  const out: string[] = [];
  let start = 0;
  while (out.length < limit) {
    const nl = text.indexOf('\n', start);
    if (nl === -1) {
      out.push(text.slice(start));
      break;
    }
    out.push(text.slice(start, nl));
    start = nl + 1;
  }
  return out;
}

/**
 * A bundler's output, by its first lines: Rollup's (or Babel's) UMD wrapper `(function (global,
 * factory) {` whose next line tests `typeof exports === 'object' && typeof module !== 'undefined'`,
 * webpack's bootstrap (lines that open with a slash, six stars and a slash; `// webpackBootstrap`),
 * browserify's prelude. A UMD wrapper written by hand names its first parameter otherwise
 * (`root`) and is not matched.
 */
function isBundle(lines: readonly string[]): boolean {
  const head = lines.slice(0, 12);
  for (let i = 0; i < head.length - 1; i++)
    if (
      /^\s*\(function\s*\(global,\s*factory\)\s*\{\s*$/.test(head[i]!) &&
      /^\s*typeof exports === ['"]object['"] && typeof module !== ['"]undefined['"] \?/.test(head[i + 1]!)
    )
      return true;
  if (head.some((l) => l.startsWith('/******/ ') || /^\s*\/\/ webpackBootstrap\b/.test(l))) return true;
  if (
    /^(?:require=)?\(function(?:\s+\w+)?\s*\((?:e,t,n|t,n,r|\w,\w,\w)\)\{/.test(head[0] ?? '') &&
    (head[0] ?? '').includes('MODULE_NOT_FOUND')
  )
    return true;
  return false;
}

/** Generated by content: each rule looks at the first lines of the file, as Linguist's Generated class does. */
function generatedByContent(path: string, sample: string): boolean {
  if (!sample) return false;
  const ext = extOf(path);
  const lower = ext.toLowerCase();
  // Only .js/.css/.xml/.yml rules read every line or the last ones; the others read at most 40.
  const lines = WHOLE_SAMPLE_EXTENSIONS.has(lower) ? sample.split('\n') : headLines(sample, HEAD_LINES);
  const first = lines[0] ?? '';

  if (lower === '.js' || lower === '.css') {
    // Minified: average line length above 110 characters.
    const total = lines.reduce((n, l) => n + l.length, 0);
    if (lines.length > 0 && Math.floor(total / lines.length) > 110) return true;
    // Carries a source map reference in its last two lines.
    if (lines.slice(-2).some((l) => /^\/[*/][#@] source(?:Mapping)?URL|sourceURL=/.test(l))) return true;
  }
  if (lower === '.map') {
    if (/(?:\.css|\.js)\.map$/i.test(path) || /^{"version":\d+,/.test(first) || /^\/\*\* Begin line maps\. \*\*\/{/.test(first))
      return true;
  }
  if (ext === '.js') {
    if (/^\/\/ Generated by /.test(first)) return true; // CoffeeScript and others
    if (/^(?:[^/]|\/[^*])*\/\*(?:[^*]|\*[^/])*Generated by PEG\.js/.test(lines.slice(0, 5).join(''))) return true;
    if (lines.length > 6 && lines[5]!.includes('GENERATED CODE -- DO NOT EDIT!')) return true;
    if (first.startsWith('/* parser generated by jison ') || first.startsWith('/* generated by jison-lex ')) return true;
  }
  // Beyond Linguist: a bundler's output committed beside the source (riot's `riot+compiler.js`,
  // held-out round 10; docs/metrics/functions.md §Generated files).
  if (['.js', '.mjs', '.cjs'].includes(lower) && isBundle(lines)) return true;
  if (
    lower === '.xml' &&
    lines.length > 3 &&
    lines[1]!.includes('<doc>') &&
    lines[2]!.includes('<assembly>') &&
    lines[lines.length - 2]!.includes('</doc>')
  )
    return true;
  if (ext === '.go' && lines.length > 1 && anyLine(lines, 40, (l) => l.includes('Code generated by'))) return true;
  if (ext === '.proto' && lines.length > 1 && anyLine(lines, 20, (l) => l.includes('This file was autogenerated by go-to-protobuf')))
    return true;
  if (
    ['.py', '.java', '.h', '.cc', '.cpp', '.m', '.rb', '.php'].includes(ext) &&
    lines.length > 1 &&
    anyLine(lines, 3, (l) => l.includes('Generated by the protocol buffer compiler.  DO NOT EDIT!'))
  )
    return true;
  if (
    ['.rb', '.py', '.go', '.js', '.m', '.java', '.h', '.cc', '.cpp', '.php'].includes(ext) &&
    anyLine(lines, 6, (l) => l.includes('Autogenerated by Thrift Compiler'))
  )
    return true;
  if (
    ext === '.h' &&
    lines.length > 2 &&
    first.includes('/* DO NOT EDIT THIS FILE - it is machine generated */') &&
    lines[1]!.includes('#include <jni.h>')
  )
    return true;
  if (ext === '.yml' && lines.length > 2 && lines[lines.length - 2]!.includes('recorded_with: VCR')) return true;
  if (ext === '.g' && lines.length > 2 && lines[1]!.includes('generated by Xtest')) return true;
  if ((ext === '.c' || ext === '.cpp') && lines.length > 1 && first.includes('Generated by Cython')) return true;
  if (ext === '.mod' && lines.length > 1 && (first.includes('PCBNEW-LibModule-V') || first.includes("GFORTRAN module version '")))
    return true;
  if (ext === '.meta' && lines.length > 1 && first.includes('fileFormatVersion: ')) return true;
  if (ext === '.rb' && lines.length > 2 && lines[2]!.startsWith('# This file is automatically generated by Racc')) return true;
  if (
    ext === '.java' &&
    lines.length > 1 &&
    (first.startsWith('/* The following code was generated by JFlex ') ||
      first.startsWith('// This is a generated file. Not intended for manual editing.'))
  )
    return true;
  if (lower === '.java' && anyLine(lines, 2, (l) => l.includes('This file is generated by jOOQ.'))) return true;
  if (ext === '.Rd' && lines.length > 1 && first.includes('% Generated by roxygen2: do not edit by hand')) return true;
  if (['.cpp', '.hpp', '.h', '.cc'].includes(ext) && lines.length > 1 && first.startsWith('// Generated by the gRPC')) return true;
  if (ext === '.dart' && lines.length > 1 && /generated code\W{2,3}do not modify/.test(first.toLowerCase())) return true;
  if (/ppport\.h$/.test(path) && lines.length > 10 && lines[8]!.includes('Automatically created by Devel::PPPort')) return true;
  if ((ext === '.yy' || ext === '.yyp') && lines.length > 3 && (/"modelName":\s*"GM/.test(lines[2]!) || /^\d\.\d\.\d.+\|\{/.test(first)))
    return true;
  if (
    (ext === '.c' || ext === '.h') &&
    lines.length > 0 &&
    (/\/\* GIMP [a-zA-Z0-9\- ]+ C-Source image dump \(.+?\.c\) \*\//.test(first) ||
      /\/\* {2}GIMP header image file format \([a-zA-Z0-9\- ]+\): .+?\.h {2}\*\//.test(first))
  )
    return true;
  if (lower === '.dsp' && anyLine(lines, 3, (l) => l.includes('# Microsoft Developer Studio Generated Build File'))) return true;
  if (
    ['.js', '.py', '.lua', '.cpp', '.h', '.java', '.cs', '.php'].includes(ext) &&
    anyLine(lines, 3, (l) => l.includes('Generated by Haxe'))
  )
    return true;
  if (['.ps', '.eps', '.pfa'].includes(ext) && generatedPostScript(lines, sample)) return true;
  if (['.html', '.htm', '.xhtml'].includes(lower) && lines.length > 1 && generatedHtml(lines)) return true;
  return false;
}

function generatedPostScript(lines: readonly string[], sample: string): boolean {
  if (/(?:\n|\r\n|\r)\s*(?:currentfile eexec\s+|\/sfnts\s+\[\s*<)[0-9a-fA-F]{8,}/.test(sample)) return true;
  const creator = lines.slice(0, 10).find((l) => l.startsWith('%%Creator: '));
  if (!creator) return false;
  if (/[0-9]|draw|mpage|ImageMagick|inkscape|MATLAB|PCBNEW|pnmtops|\(Unknown\)|Serif Affinity|Filterimage -tops/.test(creator)) return true;
  return creator.includes('EAGLE') && lines.slice(0, 5).some((l) => l.startsWith('%%Title: EAGLE Drawing '));
}

function generatedHtml(lines: readonly string[]): boolean {
  if (lines.slice(0, 2).some((l) => l.includes('<!-- Generated by pkgdown: do not edit by hand -->'))) return true;
  if (lines.length > 2 && lines[2]!.startsWith('<!-- This is an automatically generated file.')) return true;
  const head = lines.slice(0, 31);
  if (head.some((l) => /<!--\s+Generated by Doxygen\s+[.0-9]+\s*-->/i.test(l))) return true;
  for (const meta of head.join(' ').matchAll(/<meta(\s+[^>]+)>/gi)) {
    const attrs = meta[1] ?? '';
    const name = /(?:^|\s)name\s*=\s*["']?([^"'\s]+)/i.exec(attrs)?.[1];
    if (name?.toLowerCase() !== 'generator') continue;
    const content = /(?:^|\s)(?:content|value)\s*=\s*(?:"([^"]+)"|'([^']+)'|([^\s"']+))/i.exec(attrs);
    const value = content?.[1] ?? content?.[2] ?? content?.[3] ?? '';
    if (/^(?:org\s+mode|j?latex2html|groff|makeinfo|texi2html|ronn)\b/i.test(value)) return true;
  }
  return false;
}

export function isVendoredPath(path: string): boolean {
  return VENDORED.some((re) => re.test(path));
}

export function isDocumentationPath(path: string): boolean {
  return DOCUMENTATION.some((re) => re.test(path));
}

/** Generated by path, or by the content of the file's first 64 KiB (`sample`). */
export function isGenerated(path: string, sample: string): boolean {
  return GENERATED_PATHS.some((re) => re.test(path)) || generatedByContent(path, sample);
}
