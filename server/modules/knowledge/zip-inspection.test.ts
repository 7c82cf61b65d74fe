import { describe, expect, it } from 'vitest';
import { makeDocx, makeOtherZip, makeXlsx } from '../../test/fixtures/documents';
import { makeManyCellsXlsx, makeZipBombDocx } from '../../test/fixtures/hostile-documents';
import { repeated, text, writeZip } from '../../test/fixtures/zip-writer';
import { ExtractionError } from './extraction-error';
import { DEFAULT_EXTRACTION_LIMITS } from './extraction-limits';
import { cellCounter, inspectZip, officeTypeOfZip } from './zip-inspection';

const limits = DEFAULT_EXTRACTION_LIMITS;

async function reasonOf(check: Promise<unknown>) {
  try {
    await check;
    return null;
  } catch (err) {
    if (err instanceof ExtractionError) return err.reason;
    throw err;
  }
}

describe('officeTypeOfZip (the upload check)', () => {
  it('tells DOCX from XLSX from another zip by the directory alone', async () => {
    expect(await officeTypeOfZip(await makeDocx(['Olá']))).toBe('docx');
    expect(await officeTypeOfZip(await makeXlsx({ A: [['x']] }))).toBe('xlsx');
    expect(await officeTypeOfZip(await makeOtherZip())).toBeNull();
    expect(await officeTypeOfZip(Buffer.from('PK\u0003\u0004 not really a zip'))).toBeNull();
  });

  it('answers for a zip bomb at once: nothing is inflated', async () => {
    const bomb = await makeZipBombDocx(2_000_000);
    const started = performance.now();
    expect(await officeTypeOfZip(bomb)).toBe('docx');
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('refuses a directory of more entries than any Office file has', async () => {
    const entries = Array.from({ length: 10_001 }, (_, i) => ({
      name: i === 10_000 ? 'word/document.xml' : `x/${i}`,
      pieces: text(''),
    }));
    expect(await officeTypeOfZip(await writeZip(entries))).toBeNull();
  });
});

describe('inspectZip (in the extraction process, before the parser)', () => {
  it('lets real documents through', async () => {
    await inspectZip(await makeDocx(['Cardápio', 'Pão de queijo']), limits);
    await inspectZip(
      await makeXlsx({
        Preços: [
          ['Produto', 'Preço'],
          ['Bolo', 'R$ 35'],
        ],
      }),
      limits,
    );
  });

  it('refuses an entry whose declared size or ratio is too large, from the directory', async () => {
    expect(await reasonOf(inspectZip(await makeZipBombDocx(3_000_000), limits))).toBe('too_large');
    const ratio = { ...limits, maxUnpackedBytes: 1024 ** 3 };
    expect(await reasonOf(inspectZip(await makeZipBombDocx(3_000_000), ratio))).toBe('too_large');
  });

  it('refuses an entry that unpacks past the size its directory declares', async () => {
    const liar = await writeZip([
      { name: '[Content_Types].xml', pieces: text('<Types/>') },
      {
        name: 'word/document.xml',
        pieces: repeated('<w:document>', '<w:p/>', 1_000_000, '</w:document>'),
        declaredSize: 1000,
      },
    ]);
    expect(await reasonOf(inspectZip(liar, limits))).toBe('too_large');
  });

  it('counts worksheet cells as they stream by and stops past the limit', async () => {
    const xlsx = await makeManyCellsXlsx(2_000);
    expect(await reasonOf(inspectZip(xlsx, { ...limits, maxXlsxCells: 20_000 }))).toBeNull();
    expect(await reasonOf(inspectZip(xlsx, { ...limits, maxXlsxCells: 19_999 }))).toBe(
      'too_many_cells',
    );
  });

  it('calls a damaged zip unreadable', async () => {
    const zip = await makeDocx(['Olá']);
    const damaged = Buffer.concat([zip.subarray(0, 40), Buffer.alloc(200), zip.subarray(240)]);
    expect(await reasonOf(inspectZip(damaged, limits))).toBe('unreadable');
  });
});

describe('cellCounter', () => {
  it('counts a tag cut between two chunks once, with or without a namespace prefix', () => {
    const counter = cellCounter();
    counter.push(Buffer.from('<row><c r="A1"><v>1</v></c><c'));
    counter.push(Buffer.from(' r="B1"/><x:'));
    expect(counter.push(Buffer.from('c r="C1"></x:c><col/><cols></row>'))).toBe(3);
  });
});
