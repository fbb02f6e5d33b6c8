/** A part of a language's texts (scripts/text-sections.mjs). */
declare module 'virtual:texts/*' {
  const texts: Record<string, unknown>;
  export default texts;
}
