import { createRequire } from 'node:module';
import { HTTP_ENTRIES, type MswHttp, mswMissing } from './msw-peer';

/** `msw-http.ts` for the CommonJS build: the same places, required (Node 20.19+ requires msw 3's ES modules too). */
const require = createRequire(import.meta.url);

function loadHttp(): { http: MswHttp } {
  const [msw2, msw3] = HTTP_ENTRIES;
  try {
    return require(msw2) as { http: MswHttp };
  } catch (error) {
    try {
      return require(msw3) as { http: MswHttp };
    } catch {
      throw mswMissing(error);
    }
  }
}

export const { http } = loadHttp();
