import { Fragment } from "react";
import { findBlanks } from "@/lib/drafts/blanks";

/**
 * Plain text whose blanks ("[add: …]") are the buttons FillableDraft listens for, as its
 * Markdown renders them; `first` is the index of the text's first blank in the whole draft.
 * Not `fillable`, they are only highlighted.
 */
export function BlankText({ text, first = 0, fillable = true }: { text: string; first?: number; fillable?: boolean }) {
  const blanks = findBlanks(text);
  if (blanks.length === 0) return <>{text}</>;
  let at = 0;
  return (
    <>
      {blanks.map((blank, index) => {
        const before = text.slice(at, blank.start);
        at = blank.end;
        return (
          <Fragment key={blank.start}>
            {before}
            {fillable ? (
              <button type="button" className="blank-chip" data-blank={first + index} title={`Fill in: ${blank.what}`}>
                {blank.raw}
              </button>
            ) : (
              <mark className="blank-chip">{blank.raw}</mark>
            )}
          </Fragment>
        );
      })}
      {text.slice(at)}
    </>
  );
}
