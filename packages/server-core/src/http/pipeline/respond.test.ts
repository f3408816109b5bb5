import { operations, successEnvelope } from '@wsadmin/contract';
import { describe, expect, it } from 'vitest';
import { SerializedJson } from '../../serialized-json';
import { responderOf } from './respond';

const list = (validate: boolean) => responderOf('listWorkspaces', operations.listWorkspaces, validate);

describe('responderOf', () => {
  it('wraps a result in the success envelope, as text', () => {
    expect(JSON.parse(list(true)([]))).toEqual(successEnvelope([], true));
  });

  it('wraps JSON text (SerializedJson) without parsing it again, to the same envelope', () => {
    expect(JSON.parse(list(true)(new SerializedJson('[]')))).toEqual(successEnvelope([], true));
  });

  it('answers an operation without data with the envelope alone', () => {
    const respond = responderOf('deleteWorkspace', operations.deleteWorkspace, true);
    expect(JSON.parse(respond(undefined))).toEqual(successEnvelope(undefined, false));
  });

  it('refuses a result the contract does not allow with a 500 naming the operation and field', () => {
    const wrong = [{ id: 'seven' }];
    expect(() => list(true)(wrong)).toThrow(
      expect.objectContaining({
        errcode: 500,
        message: expect.stringMatching(
          /^response of listWorkspaces does not match the contract at data\.0\./,
        ),
      }),
    );
    expect(() => list(true)(new SerializedJson(JSON.stringify(wrong)))).toThrow(
      expect.objectContaining({ errcode: 500 }),
    );
  });

  it('sends the result unchecked when validation is off (production)', () => {
    expect(JSON.parse(list(false)([{ id: 'seven' }]))).toEqual(successEnvelope([{ id: 'seven' }], true));
  });
});
