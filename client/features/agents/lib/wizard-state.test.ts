import { describe, expect, it } from 'vitest';
import { KNOWLEDGE_HEADING } from './build-wizard-prompt';
import {
  canProceed,
  payloadErrors,
  stepErrors,
  toWizardPayload,
  wizardDefaults,
  type WizardData,
} from './wizard-state';

const filled: WizardData = {
  ...wizardDefaults(),
  name: 'Luna',
  description: 'Atende o Pet Feliz',
  category: 'customer-service',
  knowledgeBase: 'Banho: R$ 50',
  customInstructions: 'Ofereça o leva e traz.',
};

describe('wizard state', () => {
  it('starts from the one default model (DEFAULT_MODEL), draft, pt, with no category', () => {
    expect(wizardDefaults()).toMatchObject({
      model: 'gpt-4o-mini',
      temperature: 0.7,
      maxTokens: 2048,
      status: 'draft',
      language: 'pt',
      category: '',
    });
  });

  it('says what step 1 misses, field by field, in the errors catalogue', () => {
    expect(stepErrors(0, wizardDefaults())).toEqual({
      name: 'validation.agentNameRequired',
      description: 'validation.descriptionRequired',
      category: 'validation.categoryRequired',
    });
    expect(stepErrors(0, { ...filled, name: ' ' })).toEqual({
      name: 'validation.agentNameRequired',
    });
    expect(stepErrors(0, filled)).toEqual({});
  });

  it('checks the whole payload with the API schema, pointing at the step that edits the field', () => {
    expect(payloadErrors(filled)).toBeNull();
    const tooLong = { ...filled, knowledgeBase: 'x'.repeat(200_001) };
    expect(payloadErrors(tooLong)).toMatchObject({
      step: 2,
      errors: { knowledgeBase: 'validation.tooLong' },
    });
    expect(payloadErrors({ ...filled, model: '' })).toMatchObject({
      step: 3,
      errors: { model: 'validation.modelRequired' },
    });
  });

  it('lets Próximo on step 1 go on only with a name, a description and a category', () => {
    expect(canProceed(0, wizardDefaults())).toBe(false);
    expect(canProceed(0, { ...filled, name: '  ' })).toBe(false);
    expect(canProceed(0, { ...filled, description: '' })).toBe(false);
    expect(canProceed(0, { ...filled, category: '' })).toBe(false);
    expect(canProceed(0, filled)).toBe(true);
  });

  it('needs a style and a language on step 2, nothing on step 3, the settings on step 4', () => {
    expect(canProceed(1, { ...filled, style: '' })).toBe(false);
    expect(canProceed(1, { ...filled, language: '' })).toBe(false);
    expect(canProceed(1, filled)).toBe(true);
    expect(canProceed(2, { ...filled, knowledgeBase: '' })).toBe(true);
    expect(canProceed(3, { ...filled, maxTokens: null })).toBe(false);
    expect(canProceed(3, { ...filled, model: '' })).toBe(false);
    expect(canProceed(3, filled)).toBe(true);
    expect(canProceed(4, filled)).toBe(true);
  });

  it('sends the generated prompt and the style, not the category or instructions as fields', () => {
    const payload = toWizardPayload(filled);
    expect(payload).toMatchObject({
      name: 'Luna',
      description: 'Atende o Pet Feliz',
      knowledgeBase: 'Banho: R$ 50',
      model: 'gpt-4o-mini',
      temperature: 0.7,
      maxTokens: 2048,
      topP: 1,
      status: 'draft',
      responseStyle: 'professional',
      language: 'pt',
    });
    expect(payload.systemPrompt).toContain('Você é Luna');
    expect(payload.systemPrompt).toContain('Ofereça o leva e traz.');
    expect(payload.systemPrompt).toContain(`${KNOWLEDGE_HEADING}\nBanho: R$ 50`);
    expect(payload).not.toHaveProperty('category');
    expect(payload).not.toHaveProperty('customInstructions');
  });
});
