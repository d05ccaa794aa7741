/**
 * A page's text as the translations write it: paragraphs separated by a blank line, and a
 * paragraph whose lines all start with "- " is a list.
 */
export function ContentText({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n{2,}/).map((block) => {
        const lines = block.split("\n");
        if (lines.every((line) => line.startsWith("- "))) {
          return (
            <ul key={block} className="list-disc space-y-1.5 pl-5 marker:text-stone-400">
              {lines.map((line) => (
                <li key={line}>{line.slice(2)}</li>
              ))}
            </ul>
          );
        }
        return <p key={block}>{block}</p>;
      })}
    </>
  );
}
