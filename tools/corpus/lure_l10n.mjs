// Write the lure words of ~45 languages from maintained translations: src/policy/url/data/lure_l10n.txt.
//
// A phishing host names the step it asks for in its victims' language (`<bank>-verifiser`, `<wallet>-期限切れ`):
// sign in, verify, confirm, account, security, an expired account or card, billing. Authentication UIs ship
// exactly these words translated into every language they serve, by people who speak them, so they are read
// from there rather than written by hand. The URL judgement (src/policy/url/top_sites.rs, `l10n_lure`;
// src/policy/url/native_name.rs) reads the file at compile time as weak lure words: bait beside a listed
// name or a brand's name in its own script, never alone. Nothing of this script runs in the gateway.
//
// Sources (pinned: the script refuses any other version):
//   * npm `@clerk/localizations` 4.18.0 (MIT licence): the keys in CLERK_KEYS of every locale;
//   * npm `@aws-amplify/ui` 6.15.6 (Apache-2.0): the authenticator dictionaries' AMPLIFY_KEYS.
//
// Each string is written as a host label carries it (the form `translit::fold_word` compares): lowercase;
// Latin (Vietnamese's too) and Greek without their marks (`æ` `ae`, `ø` `o`, `ß` `ss`, `ł` `l`, `đ` `d`, `ı` `i`, `þ` `th`);
// Cyrillic transliterated by the gateway's own scheme (src/policy/url/translit.rs); spaces, hyphens and
// apostrophes dropped (`Log ind` is `logind`: a host writes a phrase joined or hyphenated, and hyphenated
// parts are read joined too). Japanese and Korean verbs are also read without the ending that makes them
// a verb ("-する", "-하기", "-됨": `確認する` is `確認`), as a host writes the noun. Too short a word
// (fewer than four letters, two for Chinese, Japanese and Korean) is a part of other words.
//
// Usage:
//   tmp=$(mktemp -d) && (cd "$tmp" && npm init -y >/dev/null && npm install --ignore-scripts --no-audit \
//     --no-fund @clerk/localizations@4.18.0 @aws-amplify/ui@6.15.6)
//   node tools/corpus/lure_l10n.mjs "$tmp/node_modules" > src/policy/url/data/lure_l10n.txt

import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';

const PINNED = { '@clerk/localizations': '4.18.0', '@aws-amplify/ui': '6.15.6' };

// The concept each key names: one short label each, not a sentence (two keys translate "Expired").
const CLERK_KEYS = {
  verify: 'formButtonPrimary__verify',
  signin: 'signUp.continue.actionLink',
  security: 'userProfile.navbar.security',
  account: 'userProfile.navbar.title',
  expired: 'badge__expired',
  expired2: 'configureSSO.organizationDomainsStep.domainCard.badge__expired',
  unverified: 'badge__unverified',
  billing: 'userProfile.navbar.billing',
};
const AMPLIFY_KEYS = { confirm: 'Confirm', verify: 'Verify', signin: 'Sign In' };

// Translations that are not the concept's word, hand-kept with the reason (checked against the English):
const NOT_THE_WORD = new Set([
  'знак в', // @aws-amplify/ui ru "Sign In": a word-by-word rendering ("a sign in"), no Russian word for it
  'profil', // Clerk "Account" rendered as "profile" (fr, bg): an ordinary word of any site's pages
  'профил',
  'الملف الشخصي',
  'entrar', // Clerk "Sign in" rendered as "enter" (es, pt): an ordinary verb, already a lure word by hand
  'masuk', // the same in Indonesian ("enter"), already a lure word by hand
  'accedi',
]);

const CYRILLIC = {
  а: 'a', б: 'b', в: 'v', г: 'g', ґ: 'g', д: 'd', е: 'e', ё: 'e', э: 'e', є: 'ye', ж: 'zh', з: 'z', и: 'i',
  і: 'i', ы: 'i', ї: 'yi', й: 'i', ј: 'j', к: 'k', л: 'l', љ: 'lj', м: 'm', н: 'n', њ: 'nj', о: 'o', п: 'p',
  р: 'r', с: 's', т: 't', ћ: 'c', ђ: 'c', у: 'u', ў: 'u', ф: 'f', х: 'h', ц: 'c', ч: 'ch', џ: 'dz', ш: 'sh',
  щ: 'shch', ъ: '', ь: '', ю: 'yu', я: 'ya',
};
const SPECIAL = { æ: 'ae', ø: 'o', ß: 'ss', ł: 'l', đ: 'd', ð: 'd', ı: 'i', œ: 'oe', þ: 'th', ς: 'σ' };
const CJK = /[\u1100-\u11ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]/u;

function fold(text) {
  const s = text.normalize('NFC').toLowerCase().replace(/[\s\-'’.!?]/gu, '');
  if (/^[\p{Script=Cyrillic}]+$/u.test(s)) {
    let out = '';
    for (const c of s) {
      if (!(c in CYRILLIC)) return null; // a letter of another Cyrillic alphabet the gateway does not read
      out += CYRILLIC[c];
    }
    return out;
  }
  let out = '';
  for (const c of s) {
    if (c < '\u0400' || (c >= '\u1e00' && c <= '\u1eff')) {
      for (const d of c.normalize('NFD')) {
        if (/\p{M}/u.test(d)) continue;
        out += SPECIAL[d] ?? d;
      }
    } else {
      out += SPECIAL[c] ?? c;
    }
  }
  return out.normalize('NFC');
}

// A Japanese or Korean verb's ending that makes the noun a verb, read without it.
const VERB_ENDINGS = ['する', '하기', '됨'];

function forms(text) {
  if (!text || NOT_THE_WORD.has(text.toLowerCase())) return [];
  const f = fold(text);
  if (!f || /[^\p{L}\p{M}\p{N}]/u.test(f)) return [];
  const out = [f];
  for (const e of VERB_ENDINGS) if (f.endsWith(e) && f.length > e.length) out.push(f.slice(0, -e.length));
  return out.filter((w) => (CJK.test(w) ? [...w].length >= 2 : [...w].length >= 4));
}

function version(modules, name) {
  const v = JSON.parse(fs.readFileSync(path.join(modules, name, 'package.json'), 'utf8')).version;
  if (v !== PINNED[name]) throw new Error(`${name} is ${v}, not the pinned ${PINNED[name]}`);
}

const modules = process.argv[2];
if (!modules) throw new Error('usage: node tools/corpus/lure_l10n.mjs <node_modules>');
version(modules, '@clerk/localizations');
version(modules, '@aws-amplify/ui');
const require = createRequire(path.join(modules, 'x.js'));
const clerk = require('@clerk/localizations');
const dig = (o, k) => k.split('.').reduce((a, p) => (a ? a[p] : undefined), o);

const words = new Map(); // word -> Set of "concept locale"
const add = (text, english, concept, where) => {
  if (typeof text !== 'string' || text.toLowerCase() === english.toLowerCase()) return; // untranslated
  for (const w of forms(text)) {
    if (!words.has(w)) words.set(w, new Set());
    words.get(w).add(`${concept}:${where}`);
  }
};
for (const loc of Object.keys(clerk).sort()) {
  // Locale objects only (`deDE`), not the pseudo-locale `enXA` nor English itself.
  if (!/^[a-z]{2}[A-Z]{2}$/.test(loc) || loc.startsWith('en')) continue;
  for (const [concept, key] of Object.entries(CLERK_KEYS)) {
    add(dig(clerk[loc], key), dig(clerk.enUS, key) ?? concept, concept.replace(/2$/, ''), `clerk/${loc}`);
  }
}
const dir = path.join(modules, '@aws-amplify/ui/dist/esm/i18n/dictionaries/authenticator');
for (const file of fs.readdirSync(dir).sort()) {
  if (!file.endsWith('.mjs') || file === 'defaultTexts.mjs' || file === 'en.mjs') continue;
  const dict = Object.values(await import(pathToFileURL(path.join(dir, file))))[0];
  for (const [concept, key] of Object.entries(AMPLIFY_KEYS)) {
    add(dict[key], key, concept, `amplify/${file.replace('.mjs', '')}`);
  }
}

const lines = [
  '# Lure words of many languages (generated by tools/corpus/lure_l10n.mjs; do not edit by hand).',
  `# Sources: npm \`@clerk/localizations\` ${PINNED['@clerk/localizations']} (MIT licence), ` +
    `npm \`@aws-amplify/ui\` ${PINNED['@aws-amplify/ui']} (Apache-2.0).`,
  '# One word a line as a host label carries it, then the concepts and locales it translates.',
];
for (const w of [...words.keys()].sort()) lines.push(`${w} ${[...words.get(w)].sort().join(',')}`);
process.stdout.write(lines.join('\n') + '\n');
