import { HEX_COLOR, type WebchatCode, type WebchatSettings } from '@common/schemas/webchat';
import { WEBCHAT_POSITIONS } from '@common/webchat-defaults';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldA11y, LabelledField } from '@/components/labelled-field';
import { OptionsSelect } from '@/components/options-select';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useSaveWebchatConfigMutation } from '@/features/webchat/api/save-webchat-config';
import { OwnerSwitch } from '@/features/webchat/components/owner-switch';
import { WebchatPreview } from '@/features/webchat/components/webchat-preview';
import {
  CUSTOMIZE_FIELDS,
  fieldOf,
  previewConfig,
  settingsOf,
  validate,
  valuesOf,
  type CustomizeValues,
} from '@/features/webchat/lib/customize-form';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/form-errors';

interface WebchatCustomizerProps {
  agentId: number;
  saved: WebchatSettings;
  code: WebchatCode;
}

/**
 * Colours, texts, position, allowed domains and the owner's switches, with the real widget
 * previewing the draft.
 */
export function WebchatCustomizer({ agentId, saved, code }: WebchatCustomizerProps) {
  const { t } = useTranslation('webchat');
  const form = useForm<CustomizeValues>({ defaultValues: valuesOf(saved) });
  const save = useSaveWebchatConfigMutation(agentId);
  const draft = useWatch({ control: form.control }) as CustomizeValues;
  const errors = form.formState.errors;

  useEffect(() => {
    form.reset(valuesOf(saved));
  }, [form, saved]);

  const submit = form.handleSubmit(async (values) => {
    const settings = settingsOf(saved, values);
    const problems = validate(settings);
    for (const field of CUSTOMIZE_FIELDS) {
      const message = problems[field];
      if (message) form.setError(field, { type: 'validate', message });
    }
    if (Object.keys(problems).length > 0) return;
    try {
      await save.mutateAsync(settings);
      toast({ title: t('customize.savedToast'), description: t('customize.savedDescription') });
    } catch (error) {
      let placed = false;
      if (error instanceof ApiError) {
        for (const [path, messages] of Object.entries(error.fieldErrors)) {
          const field = fieldOf(path);
          if (field && messages[0]) {
            form.setError(field, { type: 'server', message: messages[0] });
            placed = true;
          }
        }
      }
      // A field that says what is wrong is the one message.
      if (placed) return;
      toast({
        variant: 'destructive',
        title: t('customize.saveErrorTitle'),
        description: errorMessage(error, t('customize.loadError')),
      });
    }
  });

  const colorField = (name: 'primaryColor' | 'accentColor') => (
    <LabelledField
      htmlFor={`webchat-${name}`}
      label={t(`customize.${name}`)}
      error={errors[name]?.message}
    >
      <div className="flex gap-2">
        <input
          type="color"
          // The hex field beside it is the accessible control; this is a mouse shortcut.
          aria-hidden="true"
          tabIndex={-1}
          className="h-9 w-10 shrink-0 cursor-pointer rounded border bg-transparent p-0.5"
          value={HEX_COLOR.test(draft[name]) ? draft[name] : '#000000'}
          onChange={(e) => form.setValue(name, e.target.value, { shouldDirty: true })}
        />
        <Input {...fieldA11y(`webchat-${name}`, errors[name]?.message)} {...form.register(name)} />
      </div>
    </LabelledField>
  );

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <form className="grid content-start gap-4" onSubmit={(e) => void submit(e)} noValidate>
        <h3 className="text-sm font-semibold">{t('customize.title')}</h3>
        <div className="grid gap-4 sm:grid-cols-2">
          {colorField('primaryColor')}
          {colorField('accentColor')}
        </div>
        <LabelledField
          htmlFor="webchat-title"
          label={t('customize.chatTitle')}
          hint={t('customize.chatTitleHint')}
          error={errors.title?.message}
        >
          <Input
            {...fieldA11y('webchat-title', errors.title?.message)}
            placeholder={code.agentName}
            {...form.register('title')}
          />
        </LabelledField>
        <LabelledField
          htmlFor="webchat-subtitle"
          label={t('customize.subtitle')}
          error={errors.subtitle?.message}
        >
          <Input
            {...fieldA11y('webchat-subtitle', errors.subtitle?.message)}
            {...form.register('subtitle')}
          />
        </LabelledField>
        <LabelledField
          htmlFor="webchat-position"
          label={t('customize.position')}
          error={errors.position?.message}
        >
          <Controller
            control={form.control}
            name="position"
            render={({ field }) => (
              <OptionsSelect
                {...fieldA11y('webchat-position', errors.position?.message)}
                value={field.value}
                onValueChange={field.onChange}
                options={WEBCHAT_POSITIONS.map((p) => ({
                  value: p,
                  label: t(`customize.positions.${p}`),
                }))}
              />
            )}
          />
        </LabelledField>
        <LabelledField
          htmlFor="webchat-domains"
          label={t('customize.domains')}
          hint={t('customize.domainsHint')}
          error={errors.domains?.message}
        >
          <Textarea
            {...fieldA11y('webchat-domains', errors.domains?.message)}
            rows={3}
            placeholder={t('customize.domainsPlaceholder')}
            {...form.register('domains')}
          />
        </LabelledField>
        <OwnerSwitch control={form.control} name="whatsappLink" />
        <OwnerSwitch control={form.control} name="showSources" />
        <Button type="submit" variant="brand" disabled={save.isPending}>
          {save.isPending ? t('customize.saving') : t('customize.save')}
        </Button>
      </form>
      <WebchatPreview
        widgetUrl={code.widgetUrl}
        config={previewConfig(code.embedConfig, draft, code.agentName)}
      />
    </div>
  );
}
