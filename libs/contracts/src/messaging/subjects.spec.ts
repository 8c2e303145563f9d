import * as contracts from '../index';
import { SERVICE_NAMES } from './services';

/** Every subject is `<service>.<word>[.<word>...]`, words lower-case joined by `-`: one separator per level. */
const SUBJECT = new RegExp(`^(${SERVICE_NAMES.join('|')})(\\.[a-z]+(-[a-z]+)*)+$`);

describe('message subjects', () => {
  const subjects = Object.entries(contracts).filter(([name]) => name.endsWith('_SUBJECT'));

  it('are many, and each is written the one way', () => {
    expect(subjects.length).toBeGreaterThan(50);
    expect(subjects.filter(([, subject]) => typeof subject !== 'string' || !SUBJECT.test(subject))).toEqual([]);
  });

  it('are distinct', () => {
    const values = subjects.map(([, subject]) => subject);
    expect(new Set(values).size).toBe(values.length);
  });

  it("include each service's health subject in the same form", () => {
    expect(SERVICE_NAMES.map((service) => contracts.healthSubject(service)).filter((subject) => !SUBJECT.test(subject))).toEqual([]);
  });
});
