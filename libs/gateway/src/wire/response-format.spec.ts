import { negotiateFormat } from './response-format';

describe('negotiateFormat', () => {
  it.each([
    [undefined, 'application/json'],
    ['*/*', 'application/json'],
    ['application/xml', 'application/json'],
    ['application/json', 'application/json'],
    ['application/javascript', 'application/javascript'],
    ['text/javascript', 'text/javascript'],
    ['text/html', 'text/html'],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'text/html'],
    ['application/json;q=0.5, text/html;q=0.9', 'text/html'],
    ['application/json, text/html', 'application/json'],
    ['text/html;q=0, application/json', 'application/json'],
    ['TEXT/HTML', 'text/html'],
  ])('Accept %p gives %p', (accept, contentType) => {
    expect(negotiateFormat(accept).contentType).toBe(contentType);
  });
});
