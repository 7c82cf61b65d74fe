import { describe, expect, it } from 'vitest';
import { AGENT_DEFAULTS, TEMPLATE_AGENT_DEFAULTS, WIZARD_DEFAULTS } from './agent-options';
import { catalogueEntry, DEFAULT_MODEL, MODEL_CATALOGUE } from './models';
import { providerSettingsSchema } from './schemas/settings';

describe('the model catalogue', () => {
  it('has one default, in the catalogue, used by every creation path and Settings', () => {
    expect(catalogueEntry(DEFAULT_MODEL)).toBeDefined();
    for (const defaults of [AGENT_DEFAULTS, WIZARD_DEFAULTS, TEMPLATE_AGENT_DEFAULTS]) {
      expect(defaults.model).toBe(DEFAULT_MODEL);
    }
    expect(providerSettingsSchema.parse({}).defaultModel).toBe(DEFAULT_MODEL);
  });

  it('lists each model once, each with its own description key', () => {
    const ids = MODEL_CATALOGUE.map((model) => model.id);
    const keys = MODEL_CATALOGUE.map((model) => model.key);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
