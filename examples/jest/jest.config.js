// Jest's defaults (CommonJS, testEnvironment 'node'; page.test.js picks jsdom for itself), plus one
// transform: msw 2.13 and later require packages that ship only as ES modules (deferred-promise 3,
// rettime, until-async), and Jest on Node before 24.9 cannot require an ES module. Babel turns
// those (and only those, of node_modules) into CommonJS. Not needed on Node 24.9 or newer.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  transform: {
    '\\.[cm]?js$': ['babel-jest', { plugins: ['@babel/plugin-transform-modules-commonjs'] }],
  },
  transformIgnorePatterns: ['/node_modules/(?!(@open-draft/deferred-promise|rettime|until-async)/)'],
};
