import { describe, expect, it } from 'vitest';
import {
  fillHoursLines,
  partHoursText,
  partHoursValid,
  weekWindows,
  type TemplateHoursLines,
} from './template-hours';

const LINES: TemplateHoursLines = {
  'pt-BR': { weekdays: '- Segunda a sexta:', saturday: '- Sábado:' },
  en: { weekdays: '- Monday to Friday:', saturday: '- Saturday:' },
};
const KNOWLEDGE = `# Horário
- Segunda a sexta: [horário]
- Sábado: [horário]

# Preços`;

describe('the week a template form asks', () => {
  it('says each part in words, in either language', () => {
    const open = { closed: false as const, open: '06:30', close: '00:00' };
    expect(partHoursText(open, 'pt-BR')).toBe('das 6h30 às 24h');
    expect(partHoursText(open, 'en')).toBe('6:30am to 12am');
    expect(partHoursText({ closed: false, open: '12:00', close: '20:00' }, 'en')).toBe(
      '12pm to 8pm',
    );
    expect(partHoursText({ closed: true }, 'pt-BR')).toBe('fechado');
    expect(partHoursText({ closed: true }, 'en')).toBe('closed');
  });

  it('fills the template’s lines, adds a line for a part it lacks, and leaves the rest', () => {
    const filled = fillHoursLines(
      KNOWLEDGE,
      LINES,
      {
        weekdays: { closed: false, open: '08:00', close: '18:00' },
        sunday: { closed: true },
      },
      'pt-BR',
    );
    expect(filled).toBe(`# Horário
- Segunda a sexta: das 8h às 18h
- Sábado: [horário]
- Domingo: fechado

# Preços`);
    // a reversed part is not written (the form refuses it first)
    const reversed = { weekdays: { closed: false as const, open: '18:00', close: '08:00' } };
    expect(partHoursValid(reversed.weekdays)).toBe(false);
    expect(fillHoursLines(KNOWLEDGE, LINES, reversed, 'pt-BR')).toBe(KNOWLEDGE);
  });

  it('opens the schedule’s windows of the open parts; closed and unanswered ones stay closed', () => {
    expect(
      weekWindows({
        weekdays: { closed: false, open: '06:00', close: '20:00' },
        saturday: { closed: false, open: '07:00', close: '00:00' },
        sunday: { closed: true },
      }),
    ).toEqual([
      ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '06:00', end: '20:00' })),
      { weekday: 6, start: '07:00', end: '24:00' },
    ]);
    expect(weekWindows({})).toEqual([]);
  });
});
