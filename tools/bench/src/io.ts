// The bench reads pages the way the server does.
export { decodeGrey, jpegDecoder, loadZxingReader as loadReader } from '@yj/omr/node';
