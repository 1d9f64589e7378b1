import { PROFILE_IMAGE_ACCEPT } from '@rendezvous/contract';
import { useId, useState, type DragEvent } from 'react';

export interface PhotoDropAreaProps {
  /** The main line of the area; it names the file input. */
  label: string;
  /** What is accepted, under the label. */
  hint: string;
  /** The chosen photo, shown in place of the camera icon. */
  preview?: { src: string; alt: string } | null;
  /** The chosen file's name, under the label. */
  fileName?: string;
  /** The id of a message about the last choice; it marks the input invalid and describes it. */
  problemId?: string;
  disabled?: boolean;
  onFile: (file: File) => void;
}

/** Spec §2 step 2: a click-to-add or drag-and-drop area for one photo (spec §5: png, jpeg, jpg). */
export function PhotoDropArea({ label, hint, preview, fileName, problemId, disabled, onFile }: PhotoDropAreaProps) {
  const [dragging, setDragging] = useState(false);
  const inputId = useId();

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  }

  return (
    <label
      htmlFor={inputId}
      className={[
        'photo-drop flex min-h-48 flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed p-5 text-center',
        'focus-within:outline-3 focus-within:outline-offset-2',
        disabled ? 'cursor-wait opacity-70' : 'cursor-pointer',
        dragging ? 'border-brand bg-brand-soft' : 'border-line',
      ].join(' ')}
      onDragEnter={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragOver={(event) => event.preventDefault()}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      {preview ? (
        <img src={preview.src} alt={preview.alt} className="max-h-48 rounded-lg object-contain" />
      ) : (
        <svg className="size-12 text-brand" viewBox="0 0 24 24" fill="none" aria-hidden="true">
          <path d="M4 7h3l2-2.5h6L17 7h3v12H4V7z" stroke="currentColor" strokeWidth="1.75" strokeLinejoin="round" />
          <circle cx="12" cy="13" r="3.5" stroke="currentColor" strokeWidth="1.75" />
        </svg>
      )}
      <span className="font-semibold">{label}</span>
      {fileName ? <span className="break-all text-ink-muted">{fileName}</span> : null}
      <span className="text-[0.9375rem] text-ink-muted">{hint}</span>
      <input
        id={inputId}
        type="file"
        name="file"
        accept={PROFILE_IMAGE_ACCEPT}
        className="sr-only"
        disabled={disabled}
        aria-describedby={problemId}
        aria-invalid={problemId ? true : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same file picked again after a problem still counts as a choice.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </label>
  );
}
