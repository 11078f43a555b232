// How dependency-cruiser reads our TypeScript: its own reader needs the `typescript` package's JavaScript API,
// which TypeScript 7 does not have. Babel parses each file and hands on only what it imports, type-only imports
// included (they are dependencies too), as plain `import 'x'` and `import('x')`.
function onlyImports({ types: t }) {
  const specifier = (node) => {
    if (node?.type === 'StringLiteral') return node.value;
    if (node?.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
    return undefined;
  };
  return {
    // Per file: JSX only in .tsx/.jsx, where `<T>value` cannot be a type assertion.
    manipulateOptions({ filename }, parserOpts) {
      parserOpts.plugins.push('typescript', ...(/\.[jt]sx$/.test(filename) ? ['jsx'] : []));
    },
    // The file is cut down to its imports as it is parsed, before Babel reads scopes over the whole of it.
    parserOverride(code, parserOpts, parse) {
      const file = parse(code, parserOpts);
      const imports = [];
      t.traverseFast(file.program, (node) => {
        if (/^(ImportDeclaration|ExportNamedDeclaration|ExportAllDeclaration)$/.test(node.type) && node.source) {
          imports.push(t.importDeclaration([], t.stringLiteral(node.source.value)));
        }
        const source = node.type === 'CallExpression' && node.callee.type === 'Import' ? specifier(node.arguments[0]) : undefined;
        if (source !== undefined) imports.push(t.expressionStatement(t.callExpression(t.import(), [t.stringLiteral(source)])));
      });
      file.program.body = imports;
      file.program.directives = [];
      file.comments = [];
      return file;
    },
  };
}

module.exports = {
  babelrc: false,
  configFile: false,
  plugins: [onlyImports],
};
