import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button } from '@mui/material';
import type { ChangeEvent } from 'react';

/**
 * « Choisir une image » (« Choisir une autre image » once one is chosen): a PNG or JPEG picked
 * from the computer, handed to `onChange` as the input's change event. Another kind of file says
 * what it takes (`accept`) and how the button reads (`labels`).
 */
export const ImagePickButton = ({
  chosen,
  disabled,
  ariaLabel,
  id,
  onChange,
  accept = 'image/png,image/jpeg',
  labels = ['Choisir une image', 'Choisir une autre image'],
}: {
  chosen: boolean;
  disabled: boolean;
  ariaLabel: string;
  id?: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  accept?: string;
  labels?: readonly [first: string, another: string];
}) => (
  <Button
    component="label"
    variant="outlined"
    size="small"
    startIcon={<UploadFileIcon />}
    disabled={disabled}
  >
    {chosen ? labels[1] : labels[0]}
    <input id={id} type="file" hidden accept={accept} aria-label={ariaLabel} onChange={onChange} />
  </Button>
);
