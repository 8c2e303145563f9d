import { type Msg, headers as natsHeaders } from 'nats';
import { CHUNK_HEADER, ChunkAssembler } from './nats-chunks';

const chunk = (label: string, text: string): Msg => {
  const headers = natsHeaders();
  headers.set(CHUNK_HEADER, label);
  return { data: new TextEncoder().encode(text), headers } as unknown as Msg;
};

describe('ChunkAssembler', () => {
  it('gives the whole message when its last chunk arrives, nothing before', () => {
    const assembler = new ChunkAssembler();
    expect(assembler.add(chunk('1/3', 'Ünï'))).toBeUndefined();
    expect(assembler.add(chunk('2/3', 'cödé '))).toBeUndefined();
    expect(new TextDecoder().decode(assembler.add(chunk('3/3', '✓')))).toBe('Ünïcödé ✓');
  });

  it('refuses a chunk out of order or a count that does not add up', () => {
    expect(() => new ChunkAssembler().add(chunk('2/3', 'x'))).toThrow('message chunk 2/3 arrived after 0 chunks');
    const assembler = new ChunkAssembler();
    assembler.add(chunk('1/2', 'a'));
    expect(() => assembler.add(chunk('2/1', 'b'))).toThrow('message chunk 2/1 arrived after 1 chunks');
    expect(() => new ChunkAssembler().add(chunk('garbage', 'x'))).toThrow(/arrived after 0 chunks/);
  });
});
