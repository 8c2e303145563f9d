import { ErrorCode } from '../errors/error-codes';
import { attachmentCommentText, checkContentType, checkFileName, checkSummary, type Checked } from './attachment-fields.rules';

const value = <T>(checked: Checked<T>): T | string => (checked.ok ? checked.value : `${checked.error.code}: ${checked.error.message}`);
const code = <T>(checked: Checked<T>): number | null => (checked.ok ? null : checked.error.code);

describe('attachment file names', () => {
  it.each([
    ['notes.txt', 'notes.txt'],
    ['  notes.txt  ', 'notes.txt'],
    ['/home/ann/notes.txt', 'notes.txt'],
    ['C:\\Users\\ann\\notes.txt', 'notes.txt'],
    ['dir/sub\\mixed.log', 'mixed.log'],
    ['tab\there.txt', 'tab here.txt'],
    ['line\nbreak.txt', 'line break.txt'],
    [`${'a'.repeat(300)}.txt`, `${'a'.repeat(251)}.txt`],
  ])('%j is stored as %j', (given, stored) => {
    expect(value(checkFileName(given, 'create'))).toBe(stored);
  });

  it.each([[''], ['   '], ['dir/'], ['a\\'], [undefined]])('%j is 603', (given) => {
    expect(value(checkFileName(given, 'create'))).toBe('603: You did not specify a file to attach.');
    expect(value(checkFileName(given, 'update'))).toBe('603: You must specify a filename for this attachment.');
  });
});

describe('attachment summaries', () => {
  it('trims', () => expect(value(checkSummary('  a patch \n'))).toBe('a patch'));
  it('refuses a blank one with 604', () =>
    expect(value(checkSummary(' \t'))).toBe('604: You must enter a description for the attachment.'));
  it('takes 255 characters and refuses 256 with 32000', () => {
    expect(value(checkSummary('é'.repeat(255)))).toBe('é'.repeat(255));
    expect(value(checkSummary('x'.repeat(256)))).toBe('32000: The attachment summary is too long (256 characters; at most 255).');
  });
});

describe('attachment content types', () => {
  it.each([
    ['text/plain', 'text/plain'],
    [' TEXT/Plain ', 'TEXT/Plain'],
    ['text/plain; charset=UTF-8', 'text/plain; charset=UTF-8'],
    ['application/vnd.ms-excel', 'application/vnd.ms-excel'],
    ['image/svg+xml', 'image/svg+xml'],
  ])('%j is %j', (given, stored) => expect(value(checkContentType(given, false))).toBe(stored));

  it.each([[''], ['text'], ['font/woff'], ['text/plain; q=1'], ['text/pl?in'], [`text/${'a'.repeat(251)}`], [undefined]])(
    '%j is 601',
    (given) => expect(code(checkContentType(given, false))).toBe(ErrorCode.invalidContentType),
  );

  it('names the type in the message', () => {
    expect(value(checkContentType('font/woff', false))).toMatch(/^601: The content type font\/woff is invalid\. Valid types must be/);
  });

  it('is text/plain for a patch, whatever was given', () => {
    expect(value(checkContentType('garbage', true))).toBe('text/plain');
    expect(value(checkContentType(undefined, true))).toBe('text/plain');
  });
});

describe('attachment comment text', () => {
  it('is the note and the summary, then the body after a blank line', () => {
    expect(attachmentCommentText('created', 7, 'a patch', '')).toBe('Created attachment 7\na patch');
    expect(attachmentCommentText('created', 7, 'a patch', 'see it')).toBe('Created attachment 7\na patch\n\nsee it');
    expect(attachmentCommentText('updated', 7, 'a patch', 'looks good')).toBe('Comment on attachment 7\na patch\n\nlooks good');
  });
});
