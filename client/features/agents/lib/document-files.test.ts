import { describe, expect, it } from 'vitest';
import {
  checkDocumentFile,
  DOCUMENT_ACCEPT,
  DOCUMENT_LIMIT_BYTES,
  formatKb,
  formatMb,
} from '@/features/agents/lib/document-files';

describe('checkDocumentFile', () => {
  it('accepts the six supported types up to 10 MB, whatever the case of the extension', () => {
    for (const name of ['a.pdf', 'b.DOCX', 'c.txt', 'd.md', 'e.xlsx', 'f.csv']) {
      expect(checkDocumentFile({ name, size: DOCUMENT_LIMIT_BYTES })).toBeNull();
    }
  });

  it('refuses files over 10 MB and empty files', () => {
    expect(checkDocumentFile({ name: 'a.pdf', size: DOCUMENT_LIMIT_BYTES + 1 })).toBe('tooLarge');
    expect(checkDocumentFile({ name: 'a.pdf', size: 0 })).toBe('empty');
  });

  it('names old Word files apart from other unsupported types', () => {
    expect(checkDocumentFile({ name: 'contrato.doc', size: 10 })).toBe('oldWord');
    expect(checkDocumentFile({ name: 'foto.png', size: 10 })).toBe('unsupported');
    expect(checkDocumentFile({ name: 'sem-extensao', size: 10 })).toBe('unsupported');
  });
});

describe('formats', () => {
  it('shows KB with one decimal in pt-BR and English', () => {
    expect(formatKb(12595, 'pt-BR')).toBe('12,3 KB');
    expect(formatKb(12595, 'en')).toBe('12.3 KB');
    expect(formatKb(1536000, 'pt-BR')).toBe('1.500,0 KB');
    expect(formatMb(11 * 1024 * 1024, 'pt-BR')).toBe('11,0 MB');
  });

  it('builds the input accept list', () => {
    expect(DOCUMENT_ACCEPT).toBe('.pdf,.docx,.txt,.md,.xlsx,.csv');
  });
});
