/**
 * A path value or operationId the route table refuses, raised before any request. The SDK turns
 * it into its `ConfigurationError` (same message, same `operationId`).
 */
export class RouteError extends Error {
  override name = 'RouteError';
  readonly operationId: string | undefined;

  constructor(message: string, operationId?: string) {
    super(message);
    this.operationId = operationId;
  }
}
