// Writes server/src/auth/common-passwords.txt: the 10,000 most common passwords (lower-cased, one
// per line) from the ranked list that zxcvbn-ts maintains (@zxcvbn-ts/language-common). The server
// reads only this file, so the package's whole dictionary (~5 MB of heap) is not loaded at run
// time. Run again after updating the package: `node scripts/common-passwords.mjs`.
import fs from 'node:fs';
import { dictionary } from '@zxcvbn-ts/language-common';

export const COMMON_PASSWORD_COUNT = 10_000;
const out = new URL('../server/src/auth/common-passwords.txt', import.meta.url);
const top = [...new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()))];
fs.writeFileSync(out, `${top.join('\n')}\n`);
console.log(`wrote ${top.length} passwords to ${out.pathname}`);
