/**
 * An eslint-plugin-import resolver for our relative imports (`./x.js` written for
 * `./x.ts`, extensionless in the web app), so the import boundaries can judge them.
 * Packages stay unresolved: no boundary concerns them. The usual TypeScript resolver
 * needs native bindings that this project's registry does not carry for every platform.
 */
const fs = require('node:fs');
const path = require('node:path');

exports.interfaceVersion = 2;

exports.resolve = function resolve(source, file) {
  if (!source.startsWith('.')) return { found: false };
  const base = path.resolve(path.dirname(file), source);
  const stem = base.replace(/\.(js|jsx)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  const found = candidates.find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
  return found ? { found: true, path: found } : { found: false };
};
