import { ApiError } from '../errors';

/** The one media type of request bodies (the contract declares no other). */
export const JSON_MEDIA_TYPE = 'application/json';

/**
 * Why a body's `Content-Type` is refused, or undefined for `application/json` (any case, with
 * parameters; a charset, if given, must be UTF-8, the only encoding of JSON: RFC 8259). `+json`
 * types are refused: they name formats with rules of their own (merge-patch, JSON Patch) that this
 * server does not apply (docs/spec-gaps.md).
 */
export function unsupportedContentType(header: string | undefined): ApiError | undefined {
  if (header === undefined || header.trim() === '')
    return unsupported(`request body needs Content-Type: ${JSON_MEDIA_TYPE}; got none`);
  const [type = '', ...parameters] = header.split(';');
  if (type.trim().toLowerCase() !== JSON_MEDIA_TYPE)
    return unsupported(`request body must be ${JSON_MEDIA_TYPE}; got Content-Type ${quoted(header)}`);
  for (const parameter of parameters) {
    const [name = '', value = ''] = parameter.split('=');
    if (name.trim().toLowerCase() !== 'charset') continue;
    const charset = value.trim().replace(/^"(.*)"$/, '$1');
    if (charset.toLowerCase() !== 'utf-8')
      return unsupported(`request body must be ${JSON_MEDIA_TYPE} in UTF-8; got charset ${quoted(charset)}`);
  }
  return undefined;
}

const quoted = (text: string) => JSON.stringify(text.length > 100 ? `${text.slice(0, 100)}…` : text);

const unsupported = (message: string) => new ApiError(415, message, 'unsupported_media_type');
