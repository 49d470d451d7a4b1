import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button } from '@mui/material';
import type { ChangeEvent } from 'react';

/**
 * « Choisir une image » (« Choisir une autre image » once one is chosen): a PNG or JPEG picked
 * from the computer, handed to `onChange` as the input's change event.
 */
export const ImagePickButton = ({
  chosen,
  disabled,
  ariaLabel,
  id,
  onChange,
}: {
  chosen: boolean;
  disabled: boolean;
  ariaLabel: string;
  id?: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) => (
  <Button
    component="label"
    variant="outlined"
    size="small"
    startIcon={<UploadFileIcon />}
    disabled={disabled}
  >
    {chosen ? 'Choisir une autre image' : 'Choisir une image'}
    <input
      id={id}
      type="file"
      hidden
      accept="image/png,image/jpeg"
      aria-label={ariaLabel}
      onChange={onChange}
    />
  </Button>
);
