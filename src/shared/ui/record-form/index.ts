export { RecordForm, type RecordFormProps } from './RecordForm';
