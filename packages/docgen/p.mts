import { generateFile, gateFile } from './src/index.ts';
const cases: Array<[string, string, string, string]> = [
  ['C', 'a.c', 'doxygen', 'int add_numbers(int left, int right) {\n  if (left < 0) return -1;\n  return left + right;\n}\n'],
  ['C++', 'a.cpp', 'doxygen-qt', 'class Box {\npublic:\n  int area(int width, int height) {\n    if (width < 0) throw std::invalid_argument("negative width");\n    return width * height;\n  }\n};\n'],
  ['PHP', 'a.php', 'phpdoc', '<?php\nfunction get_user_by_id(int $id, string ...$fields): ?array {\n    if ($id < 0) { throw new InvalidArgumentException("bad id"); }\n    return null;\n}\n'],
  ['Ruby', 'a.rb', 'yard', 'class Shop\n  def total_price(items, discount = 0)\n    raise ArgumentError, "no items" if items.empty?\n    items.sum - discount\n  end\nend\n'],
  ['Swift', 'a.swift', 'swift-markup', 'func fetchUser(id: Int, cache: Bool = true) throws -> String {\n    if id < 0 { throw UserError.invalid }\n    return "x"\n}\n'],
];
for (const [lang, file, style, src] of cases) {
  const cfg = { docstringStyle: style, maxDocStringLength: 80 };
  const r = await generateFile(src, lang, file, cfg);
  const g = await gateFile(r, lang, file, cfg);
  console.log(`== ${lang} ${style}: ${JSON.stringify(r.outcomes)} gate=${JSON.stringify(g.problems)}`);
  console.log(r.output);
}
