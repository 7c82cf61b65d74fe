import { WEBCHAT_DEFAULTS, WEBCHAT_TEXTS, type WebchatTextKey } from '@common/webchat-defaults';
import { useTranslation } from 'react-i18next';

const d = WEBCHAT_DEFAULTS;
const OPTIONS = [
  ['agentKey', 'data-agent-key', null],
  ['apiUrl', 'apiUrl', 'PUBLIC_URL'],
  ['primaryColor', 'theme.primaryColor', d.primaryColor],
  ['accentColor', 'theme.accentColor', d.accentColor],
  ['borderRadius', 'theme.borderRadius', String(d.borderRadius)],
  ['position', 'position', d.position],
  ['title', 'title', 'agentName'],
  ['subtitle', 'subtitle', d.subtitle],
  ['placeholder', 'placeholder', d.placeholder],
  ['greeting', 'greeting', d.greeting],
  ['width', 'width', String(d.width)],
  ['height', 'height', String(d.height)],
  ['containerId', 'containerId', ''],
  ['texts', 'texts', '{}'],
  ['whatsappNumber', 'whatsappNumber', ''],
] as const;

const cell = 'border-b px-3 py-2 align-top';

/** Every option of the embed config with its default, from the widget's constants. */
export function WebchatDocsOptions() {
  const { t } = useTranslation('webchat');
  const shown = (value: string | null) =>
    value === 'agentName'
      ? t('docs.options.agentNameDefault')
      : value === ''
        ? t('docs.options.emptyDefault')
        : (value ?? '—');
  return (
    <>
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-left text-sm" data-testid="webchat-options">
          <thead>
            <tr>
              <th className={cell}>{t('docs.options.option')}</th>
              <th className={cell}>{t('docs.options.default')}</th>
              <th className={cell}>{t('docs.options.meaning')}</th>
            </tr>
          </thead>
          <tbody>
            {OPTIONS.map(([key, name, value]) => (
              <tr key={key}>
                <td className={cell}>
                  <code>{name}</code>
                </td>
                <td className={cell}>
                  <code>{shown(value)}</code>
                </td>
                <td className={cell}>{t(`docs.options.rows.${key}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3 className="mt-4 font-semibold">{t('docs.options.textsTitle')}</h3>
      <p>{t('docs.options.textsIntro')}</p>
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-left text-sm">
          <thead>
            <tr>
              <th className={cell}>{t('docs.options.key')}</th>
              <th className={cell}>{t('docs.options.default')}</th>
            </tr>
          </thead>
          <tbody>
            {(Object.keys(WEBCHAT_TEXTS) as WebchatTextKey[]).map((key) => (
              <tr key={key}>
                <td className={cell}>
                  <code>{key}</code>
                </td>
                <td className={cell}>{WEBCHAT_TEXTS[key]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
