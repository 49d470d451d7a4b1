declare module 'jsonexport/dist' {
  const jsonExport: (
    data: readonly object[],
    options: { rowDelimiter?: string; headers?: string[] },
    callback: (error: Error | null, csv: string) => void,
  ) => void;
  export default jsonExport;
}
