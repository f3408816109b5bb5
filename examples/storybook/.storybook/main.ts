import type { StorybookConfig } from '@storybook/react-vite';
import { wsadminMockWorker } from '@wsadmin/mock/vite';

const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../src/**/*.stories.tsx'],
  // msw-storybook-addon 3 starts one MSW worker for the preview and gives each story `msw`.
  addons: ['msw-storybook-addon'],
  core: { disableTelemetry: true },
  // The addon's worker script, served from the installed msw (dev) and put into the static build.
  viteFinal: (viteConfig) => ({
    ...viteConfig,
    plugins: [...(viteConfig.plugins ?? []), wsadminMockWorker()],
  }),
};

export default config;
