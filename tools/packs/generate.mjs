// Candidate secret vocabulary per language, read from maintained authentication-UI translations.
//
// Nothing here runs in the gateway. The script reads two npm packages at exact versions (installed into a
// scratch directory with `npm install --ignore-scripts`, see README.md), looks up the translations of a fixed
// set of English source strings (each mapped to a secret category or to a pack kind), and writes
// `candidates/<lang>.json`: per category, every translated string with the package and key it came from.
// A person then reads the candidates and writes `policies/secrets/<lang>.yaml` (terms kept, sentences cut
// down to their term or their request verb, categories fixed, benign look-alikes and stopwords added).
//
// Usage: node tools/packs/generate.mjs <node_modules dir> [out dir]

import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';

// Exact versions: the candidates are reproducible only from the same translations.
const PINNED = {
  '@clerk/localizations': '4.18.0',
  '@aws-amplify/ui': '6.15.6',
};

// The languages of issue 35 beyond the eleven first packs, and the locale each package names them by.
// `null`: the package has no translation for it (the pack is then written by hand and says so).
const LANGS = {
  ar: { clerk: 'arSA' }, bg: { clerk: 'bgBG' }, bn: { clerk: 'bnIN' }, cs: { clerk: 'csCZ' },
  da: { clerk: 'daDK' }, el: { clerk: 'elGR' }, fa: { clerk: 'faIR' }, fi: { clerk: 'fiFI' },
  he: { clerk: 'heIL', amplify: 'he' }, hi: { clerk: 'hiIN' }, hr: { clerk: 'hrHR' },
  hu: { clerk: 'huHU', amplify: 'hu' }, id: { clerk: 'idID', amplify: 'id' }, ms: { clerk: 'msMY' },
  no: { clerk: 'nbNO', amplify: 'nb' }, pl: { clerk: 'plPL', amplify: 'pl' }, ro: { clerk: 'roRO' },
  sk: { clerk: 'skSK' }, sr: { clerk: 'srRS', cyrillic: true }, sv: { clerk: 'svSE', amplify: 'sv' },
  ta: { clerk: 'taIN' }, te: { clerk: 'teIN' }, th: { clerk: 'thTH', amplify: 'th' },
  tr: { clerk: 'trTR', amplify: 'tr' }, uk: { clerk: 'ukUA', amplify: 'ua' }, vi: { clerk: 'viVN' },
  lt: {}, mr: {}, sw: {}, tl: {}, ur: {},
};

// Clerk keys (dotted paths into a localization object) -> what the English string is.
// `term`: the string names the thing; `sentence`: a request ("Enter your password"), read for its verb.
const CLERK = [
  ['formFieldLabel__password', 'password', 'term'],
  ['formFieldLabel__currentPassword', 'password', 'term'],
  ['formFieldLabel__newPassword', 'password', 'term'],
  ['formFieldLabel__confirmPassword', 'password', 'term'],
  ['userProfile.start.passwordSection.title', 'password', 'term'],
  ['formFieldInputPlaceholder__password', 'request', 'sentence'],
  ['signIn.password.title', 'request', 'sentence'],
  ['signIn.password.subtitle', 'request', 'sentence'],
  ['formFieldAction__forgotPassword', 'benign_password', 'term'],
  ['unstable__errors.passwordComplexity.sentencePrefix', 'benign_password', 'sentence'],
  ['unstable__errors.passwordComplexity.minimumLength', 'benign_password', 'sentence'],
  ['unstable__errors.form_password_length_too_short', 'benign_password', 'sentence'],
  ['signIn.forgotPassword.title', 'benign_password', 'term'],
  ['signIn.emailCode.formTitle', 'otp', 'term'],
  ['signIn.totpMfa.formTitle', 'otp', 'term'],
  ['taskSetupMfa.start.methodSelection.phoneCode', 'otp', 'term'],
  ['signIn.forgotPassword.formTitle', 'otp', 'term'],
  ['signIn.totpMfa.title', 'qualifier_otp', 'term'],
  ['userProfile.start.mfaSection.title', 'qualifier_otp', 'term'],
  ['signUp.emailCode.subtitle', 'request', 'sentence'],
  ['userProfile.mfaTOTPPage.verifySubtitle', 'request', 'sentence'],
  ['formFieldLabel__backupCode', 'backup_code', 'term'],
  ['userProfile.backupCodePage.title__codelist', 'backup_code', 'term'],
  ['userProfile.start.mfaSection.backupCodes.headerTitle', 'backup_code', 'term'],
  ['formFieldInputPlaceholder__backupCode', 'request', 'sentence'],
  ['signIn.backupCodeMfa.title', 'request', 'sentence'],
  ['formFieldLabel__apiKey', 'api_key', 'term'],
  ['userProfile.apiKeysPage.title', 'api_key', 'term'],
  ['apiKeys.revokeConfirmation.formHint', 'api_key', 'sentence'],
  ['formFieldLabel__apiKeyName', 'metadata', 'term'],
  ['formFieldLabel__passkeyName', 'metadata', 'term'],
  ['configureDirectorySync.configureStep.formFieldLabel__token', 'token', 'term'],
  ['configureSSO.configureStep.oidcCustom.credentialsStep.clientSecret.label', 'client_secret', 'term'],
  ['configureSSO.configureStep.oidcCustom.credentialsStep.clientSecret.placeholder', 'request', 'sentence'],
  ['configureSSO.configureStep.oidcCustom.credentialsStep.headerSubtitle', 'credential', 'sentence'],
  ['billing.paymentMethod.dev.cardNumber', 'card', 'term'],
  ['billing.checkout.addPromoCode', 'benign', 'term'],
  ['billing.checkout.promoCodePlaceholder', 'benign', 'sentence'],
  ['unstable__errors.zxcvbn.warnings.straightRow', 'benign', 'sentence'],
  ['formFieldLabel__username', 'not_secret', 'term'],
];

// Amplify dictionary keys are the English strings themselves.
const AMPLIFY = [
  ['Password', 'password', 'term'],
  ['New password', 'password', 'term'],
  ['Confirm Password', 'password', 'term'],
  ['Enter your Password', 'request', 'sentence'],
  ['Forgot your password?', 'benign_password', 'term'],
  ['Reset Password', 'benign_password', 'term'],
  ['Code', 'generic_code', 'term'],
  ['Confirmation Code', 'otp', 'term'],
  ['Enter your code', 'request', 'sentence'],
  ['Confirm SMS Code', 'otp', 'sentence'],
  ['Confirm TOTP Code', 'otp', 'sentence'],
  ['Confirm Email Code', 'otp', 'sentence'],
  ['Authenticator App (TOTP)', 'qualifier_otp', 'term'],
];

function dig(obj, dotted) {
  return dotted.split('.').reduce((o, k) => (o && typeof o === 'object' ? o[k] : undefined), obj);
}

function checkVersion(modules, name) {
  const pkg = JSON.parse(fs.readFileSync(path.join(modules, name, 'package.json'), 'utf8'));
  if (pkg.version !== PINNED[name]) {
    throw new Error(`${name} is ${pkg.version}, expected ${PINNED[name]} (npm install ${name}@${PINNED[name]})`);
  }
}

// Serbian is written in both scripts; Clerk ships the Latin one. The mapping between them is one to one
// (the digraphs lj, nj, dž are single Cyrillic letters), so the Cyrillic candidates are derived by rule.
const SR_DIGRAPHS = [['dž', 'џ'], ['lj', 'љ'], ['nj', 'њ'], ['Dž', 'Џ'], ['Lj', 'Љ'], ['Nj', 'Њ']];
const SR_LETTERS = Object.fromEntries(
  [...'abvgdđežzijklmnoprstćufhcčš'].map((c, i) => [c, [...'абвгдђежзијклмнопрстћуфхцчш'][i]]),
);
function toCyrillic(s) {
  for (const [lat, cyr] of SR_DIGRAPHS) s = s.split(lat).join(cyr);
  return [...s]
    .map((c) => {
      const lower = c.toLowerCase();
      const cyr = SR_LETTERS[lower];
      if (!cyr) return c;
      return c === lower ? cyr : cyr.toUpperCase();
    })
    .join('');
}

async function main() {
  const modules = process.argv[2];
  const out = process.argv[3] || path.join(path.dirname(new URL(import.meta.url).pathname), 'candidates');
  if (!modules) {
    console.error('usage: node tools/packs/generate.mjs <node_modules dir> [out dir]');
    process.exit(2);
  }
  for (const name of Object.keys(PINNED)) checkVersion(modules, name);
  const require = createRequire(path.join(path.resolve(modules), 'x.js'));
  const clerk = require('@clerk/localizations');
  const amplifyDir = path.join(modules, '@aws-amplify/ui/dist/esm/i18n/dictionaries/authenticator');
  fs.mkdirSync(out, { recursive: true });
  for (const [lang, where] of Object.entries(LANGS)) {
    const cands = {};
    const push = (cat, entry) => {
      (cands[cat] ||= []).push(entry);
    };
    if (where.clerk) {
      const loc = clerk[where.clerk];
      if (!loc) throw new Error(`@clerk/localizations has no ${where.clerk}`);
      for (const [key, cat, shape] of CLERK) {
        const text = dig(loc, key);
        if (typeof text !== 'string' || !text.trim()) continue;
        const src = `@clerk/localizations@${PINNED['@clerk/localizations']} ${where.clerk} ${key}`;
        push(cat, { text, shape, source: src, english: dig(clerk.enUS, key) });
        if (where.cyrillic) {
          push(cat, { text: toCyrillic(text), shape, source: `${src} (Cyrillic by transliteration)`, english: dig(clerk.enUS, key) });
        }
      }
    }
    if (where.amplify) {
      const file = path.join(amplifyDir, `${where.amplify}.mjs`);
      const mod = await import(pathToFileURL(file).href);
      const dict = Object.values(mod)[0];
      for (const [key, cat, shape] of AMPLIFY) {
        const text = dict[key];
        if (typeof text !== 'string' || !text.trim()) continue;
        push(cat, {
          text, shape,
          source: `@aws-amplify/ui@${PINNED['@aws-amplify/ui']} authenticator/${where.amplify} "${key}"`,
          english: key,
        });
      }
    }
    const doc = {
      lang,
      sources: [
        where.clerk ? `@clerk/localizations@${PINNED['@clerk/localizations']} (${where.clerk})` : null,
        where.amplify ? `@aws-amplify/ui@${PINNED['@aws-amplify/ui']} (authenticator/${where.amplify})` : null,
      ].filter(Boolean),
      candidates: cands,
    };
    if (!doc.sources.length) doc.note = 'no maintained source translates these strings: the pack is written by hand';
    fs.writeFileSync(path.join(out, `${lang}.json`), JSON.stringify(doc, null, 1) + '\n');
  }
  console.error(`wrote ${Object.keys(LANGS).length} candidate files to ${out}`);
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
