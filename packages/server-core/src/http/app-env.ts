import type { RequestFacts } from './request-report';

/**
 * The app's Hono environment: what a request's steps share, typed, on its context. `facts` is set
 * once, by the outermost middleware (`reportRequests`), before any other step runs, and read with
 * `c.get('facts')` (never `c.var`, which copies every variable into a new object at each read).
 * It goes with the context: nothing outlives the request, nothing rides on the `Request`.
 */
export interface AppEnv {
  Variables: {
    facts: RequestFacts;
  };
}
