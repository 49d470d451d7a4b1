import { useState } from 'react';
import { FileInput } from '../../kit/FileInput';
import { ATTACHMENT_ACCEPT, ATTACHMENT_HELP, attachmentProblem } from './attachment';

/**
 * A document chosen to go with a form (an incident's attachment, an identity correction's
 * justification): the file and what the server would refuse in it, judged as soon as it is
 * chosen; `setProblem` lets the page say more on submit (a missing document, a refused upload).
 */
export const useAttachmentChoice = () => {
  const [file, setFile] = useState<File>();
  const [problem, setProblem] = useState<string>();
  const choose = (chosen: File | undefined) => {
    setFile(chosen);
    setProblem(chosen ? attachmentProblem(chosen) : undefined);
  };
  return { file, problem, setProblem, choose };
};

export type AttachmentChoice = ReturnType<typeof useAttachmentChoice>;

/** The input of an attachment choice: PDF, JPEG or PNG, with its help or its problem. */
export const AttachmentInput = ({
  label,
  attachment,
}: {
  label: string;
  attachment: AttachmentChoice;
}) => (
  <FileInput
    label={label}
    accept={ATTACHMENT_ACCEPT}
    help={ATTACHMENT_HELP}
    file={attachment.file}
    problem={attachment.problem}
    onChange={attachment.choose}
  />
);
