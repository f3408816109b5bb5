import { defineConfig } from 'tsdown';
import { libraryBuild } from '../../tsdown.base';

// The server for embedding and the command, both ES modules for Node (the MCP SDK's stdio and HTTP
// transports are Node's).
export default defineConfig([
  libraryBuild({ entry: { index: 'src/index.ts' }, formats: ['esm'], platform: 'node' }),
  {
    ...libraryBuild({
      entry: { 'bin/wsadmin-mcp': 'src/cli/main.ts' },
      formats: ['esm'],
      platform: 'node',
    }),
    clean: false,
  },
]);
