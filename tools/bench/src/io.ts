// The bench reads pages the way the server does.
export {
  decodeGrey,
  decodeJpegLumaWasm,
  jpegDecoder,
  loadZxingReader as loadReader,
  readAgainIfRaised,
  readPage,
  withPageSlot,
} from '@yj/omr/node';
