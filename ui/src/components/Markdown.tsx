/**
 * Descriptions are Markdown, as DataHub writes them; raw HTML in them is shown as text, never run.
 * The renderer is its own chunk, loaded with the first description shown: until then the text stands
 * as it is, so a page's content never waits for it.
 */
import { lazy, Suspense } from 'react';

const ReactMarkdown = lazy(() => import('react-markdown'));

export function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown">
      <Suspense fallback={<p className="markdown-pending">{text}</p>}>
        <ReactMarkdown skipHtml>{text}</ReactMarkdown>
      </Suspense>
    </div>
  );
}

/** A description's first words without its Markdown, for lists. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_`~|-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
