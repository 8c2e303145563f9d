import { isKnownErrorCode } from '../errors/error-codes';
import { AttachmentErrors } from './attachment.errors';

describe('attachment errors', () => {
  const raised = Object.entries(AttachmentErrors).map(([name, factory]) => {
    const error = (factory as (...args: unknown[]) => { code: number; message: string })(1, 2);
    return { name, code: error.code, message: error.message };
  });

  it('raise only codes of the registry: these Bugzilla codes', () => {
    expect(raised.filter((error) => !isKnownErrorCode(error.code))).toEqual([]);
    expect([...new Set(raised.map((error) => error.code))].sort((a, b) => a - b)).toEqual([113, 140, 304, 600, 601, 603, 604, 606, 32000]);
  });

  it("say what Bugzilla's templates say", () => {
    expect(AttachmentErrors.tooLarge(1_548_288, 1000).message).toBe(
      'The file you are trying to attach is 1512 kilobytes (KB) in size. Attachments cannot be more than 1000 KB.',
    );
    expect(AttachmentErrors.accessDenied(7).message).toBe('Sorry, you are not authorized to access attachment #7.');
    expect(AttachmentErrors.fileMissing('create').message).toBe('You did not specify a file to attach.');
  });
});
