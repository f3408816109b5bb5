import type { Json } from './contract-samples';

/** One request of the fuzz run and what it must get besides the common rules. */
export interface FuzzCase {
  name: string;
  method: string;
  /** Path with the query, already encoded. */
  target: string;
  headers: Record<string, string>;
  /** Raw body text; undefined = no body. */
  body?: string | undefined;
  /** Whether the request reaches the operation's route (so its status must be one the document declares). */
  routed: boolean;
  /** A status only this answer is right with. */
  expect?: number | undefined;
  /** Must not succeed (an unknown member deep in the body), whichever error comes first. */
  refused?: boolean;
  /** Text the error must contain (a field name, a hint). */
  mention?: string;
}

/** What a case family hands its cases to: method, target, headers and routing default to the operation's. */
export type Add = (
  fuzz: Omit<FuzzCase, 'method' | 'target' | 'headers' | 'routed'> & Partial<FuzzCase>,
) => void;

export const isObject = (value: Json | undefined): value is { [key: string]: Json } =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
