import { describe, expect, it } from 'vitest';
import {
  ADVANCED_SECTION_IDS,
  SECTION_IDS,
  SECTION_PATHS,
  sectionOfPath,
  sectionOptionsOf,
  sectionPath,
} from './dashboard-paths';

describe('dashboard paths', () => {
  it('gives every section a path of its own, read back to the same section', () => {
    const paths = SECTION_IDS.map((id) => SECTION_PATHS[id]);
    expect(new Set(paths).size).toBe(paths.length);
    for (const id of SECTION_IDS) expect(sectionOfPath(SECTION_PATHS[id])).toBe(id);
    expect(sectionOfPath('/dashboard/conversas/')).toBe('conversations');
  });

  it('puts the integrators tools under /dashboard/avancado/, last', () => {
    for (const id of ADVANCED_SECTION_IDS)
      expect(SECTION_PATHS[id]).toMatch(/^\/dashboard\/avancado\//);
    expect(SECTION_IDS.slice(-ADVANCED_SECTION_IDS.length)).toEqual([...ADVANCED_SECTION_IDS]);
  });

  it('knows no section for any other path', () => {
    for (const path of ['/dashboard/xyz', '/dashboard/avancado', '/dashboard/agentes/1', '/'])
      expect(sectionOfPath(path)).toBeNull();
  });

  it('carries the agent under test and the open conversation in the query', () => {
    expect(sectionPath('testing', { agentId: 7 })).toBe('/dashboard/teste?agente=7');
    expect(sectionPath('conversations', { conversationId: 12 })).toBe(
      '/dashboard/conversas?conversa=12',
    );
    // only the section that reads it
    expect(sectionPath('agents', { agentId: 7 })).toBe('/dashboard/agentes');
    expect(sectionPath('conversations', {})).toBe('/dashboard/conversas');
    expect(sectionOptionsOf('?agente=7&conversa=12')).toEqual({ agentId: 7, conversationId: 12 });
    for (const junk of ['?agente=abc', '?agente=0', '?agente=-3', '?agente=1e3', ''])
      expect(sectionOptionsOf(junk)).toEqual({ agentId: undefined, conversationId: undefined });
  });
});
