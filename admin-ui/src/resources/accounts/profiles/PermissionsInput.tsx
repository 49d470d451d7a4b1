import {
  Box,
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  Paper,
  Typography,
} from '@mui/material';
import { PERMISSION_GROUPS } from '@examens-pro/domain';
import { InputHelperText, useInput } from 'react-admin';

const atLeastOne = (value: unknown) =>
  Array.isArray(value) && value.length > 0 ? undefined : 'Choisissez au moins une permission.';

/** The profile's permissions as checkboxes, one block per group of the catalogue (seed §6). */
export const PermissionsInput = ({ source = 'permissions' }: { source?: string }) => {
  const { field, fieldState, formState } = useInput({
    source,
    validate: atLeastOne,
    defaultValue: [],
  });
  const selected = new Set<string>(Array.isArray(field.value) ? (field.value as string[]) : []);
  const update = (next: Set<string>) => {
    field.onChange([...next].sort());
    field.onBlur();
  };
  const toggle = (code: string, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(code);
    else next.delete(code);
    update(next);
  };
  const showError = Boolean(fieldState.error && (fieldState.isTouched || formState.isSubmitted));

  return (
    <Box sx={{ width: '100%' }} role="group" aria-labelledby="permissions-label">
      <Typography id="permissions-label" variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        Permissions ({selected.size} cochée{selected.size > 1 ? 's' : ''})
      </Typography>
      {showError ? (
        <FormHelperText error>
          <InputHelperText error={fieldState.error?.message} />
        </FormHelperText>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', xl: '1fr 1fr 1fr' },
        }}
      >
        {PERMISSION_GROUPS.map((group) => {
          const codes = group.permissions.map((p) => p.code);
          const count = codes.filter((code) => selected.has(code)).length;
          const headingId = `permissions-${group.key}`;
          return (
            <Paper
              key={group.key}
              variant="outlined"
              sx={{ p: 2 }}
              component="fieldset"
              aria-labelledby={headingId}
            >
              <Typography id={headingId} variant="subtitle2" component="h3" gutterBottom>
                {group.label}
              </Typography>
              <FormControlLabel
                control={
                  <Checkbox
                    size="small"
                    checked={count === codes.length}
                    indeterminate={count > 0 && count < codes.length}
                    onChange={(_, checked) => {
                      const next = new Set(selected);
                      codes.forEach((code) => (checked ? next.add(code) : next.delete(code)));
                      update(next);
                    }}
                    slotProps={{
                      input: { 'aria-label': `Tout cocher : ${group.label}` },
                    }}
                  />
                }
                label={<em>Tout cocher</em>}
              />
              <FormGroup sx={{ pl: 2 }}>
                {group.permissions.map((permission) => (
                  <FormControlLabel
                    key={permission.code}
                    control={
                      <Checkbox
                        size="small"
                        checked={selected.has(permission.code)}
                        onChange={(_, checked) => toggle(permission.code, checked)}
                        name={permission.code}
                      />
                    }
                    label={permission.label}
                  />
                ))}
              </FormGroup>
            </Paper>
          );
        })}
      </Box>
    </Box>
  );
};

/** The permissions read as sentences, under their group's heading. */
export const PermissionsByGroup = ({
  permissions,
}: {
  permissions: readonly string[] | undefined;
}) => {
  const held = new Set(permissions ?? []);
  const groups = PERMISSION_GROUPS.map((group) => ({
    ...group,
    permissions: group.permissions.filter((p) => held.has(p.code)),
  })).filter((group) => group.permissions.length > 0);
  if (groups.length === 0) return <Typography>Aucune permission.</Typography>;
  return (
    <Box>
      {groups.map((group) => (
        <Box key={group.key} sx={{ mb: 2 }}>
          <Typography variant="subtitle2" component="h3">
            {group.label}
          </Typography>
          <ul style={{ margin: '4px 0' }}>
            {group.permissions.map((p) => (
              <li key={p.code}>{p.label}</li>
            ))}
          </ul>
        </Box>
      ))}
    </Box>
  );
};
