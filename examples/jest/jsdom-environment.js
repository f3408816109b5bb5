// jest-environment-jsdom with the fetch API of Node: jsdom has no fetch, Request, Response or
// streams, and its TextEncoder and crypto lack what MSW and the mock use (the same fix as
// MSW's recommended `jest-fixed-jsdom`). Packages resolve with Node's conditions, not "browser":
// a test in Jest runs in Node, so it uses `msw/node` and sql.js's Node build.
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'Blob',
  'File',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'TextEncoder',
  'TextDecoder',
  'TextEncoderStream',
  'TextDecoderStream',
  'BroadcastChannel',
  'AbortController',
  'AbortSignal',
  'structuredClone',
  'crypto',
  'URL',
  'URLSearchParams',
];

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    const projectConfig = {
      ...config.projectConfig,
      testEnvironmentOptions: {
        ...config.projectConfig.testEnvironmentOptions,
        customExportConditions: ['node', 'node-addons'],
      },
    };
    super({ ...config, projectConfig }, context);
    for (const name of FROM_NODE) this.global[name] = globalThis[name];
  }
}

module.exports = JsdomWithFetch;
