export { type JsonSchema, jsonSchemaOf } from './json-schema';
export { jsonLinesLog, type Log, type LogFields, silentLog } from './log';
export { createWsadminMcpServer, type WsadminMcpOptions } from './server';
export { MANAGEMENT_TOOLS, type ToolGroup, type ToolRole, toolGroups } from './tool-catalogue';
