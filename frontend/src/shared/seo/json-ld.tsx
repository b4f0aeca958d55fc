import type { Thing, WithContext } from 'schema-dts';

type StructuredData = WithContext<Thing>;

/**
 * Structured data (JSON-LD) of a page, for search engines: a data block, which neither runs nor
 * needs the Content-Security-Policy's leave. Written by the server render with the page.
 */
export function JsonLd({ data }: { data: StructuredData | readonly StructuredData[] }) {
  return (
    <script
      type="application/ld+json"
      // JSON cannot close the element: '<' is written as its escape.
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
    />
  );
}
