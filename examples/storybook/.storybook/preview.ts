import type { Preview } from '@storybook/react-vite';

// msw-storybook-addon's preview (named in main.ts) does the MSW part; nothing to add here.
const preview: Preview = {};

export default preview;
