import { WebchatDocsPage } from '@/features/webchat/components/webchat-docs-page';

export default function DocsWebchatRoute() {
  return <WebchatDocsPage />;
}
