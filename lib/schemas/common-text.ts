// U+0000 cannot be stored in Postgres text or JSONB, and a lone UTF-16 surrogate is not
// text at all (JSONB refuses it): refused as invalid input wherever a client sends a string.
// Without zod, so a form can check it in the browser without loading the schemas.
const nulCharacter = new RegExp(String.fromCharCode(0));
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const unsafeTextMessage = "Text must not contain U+0000 or unpaired UTF-16 surrogates";

/** Whether a string holds a NUL character or an unpaired surrogate. */
export const isUnsafeText = (value: string) => nulCharacter.test(value) || loneSurrogate.test(value);
