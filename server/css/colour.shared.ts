// Colour values that may go into a style attribute (icon and logo backgrounds, social colours). Only CSS colour
// syntax passes: anything else could add declarations (`red;background:url(//tracker)`). Browser-safe.

/** The CSS named colours (CSS Color 4) and `transparent`. */
const NAMED = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown ' +
    'burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan ' +
    'darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred ' +
    'darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink ' +
    'deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold ' +
    'goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender lavenderblush ' +
    'lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey ' +
    'lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime ' +
    'limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen ' +
    'mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin ' +
    'navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise ' +
    'palevioletred papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown royalblue ' +
    'saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue slategray slategrey snow ' +
    'springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen ' +
    'transparent'
  ).split(' '),
);

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:%|deg|grad|rad|turn)?$/i;

/** rgb()/rgba()/hsl()/hsla() with three or four numeric arguments, comma or space (+ `/ alpha`) separated. */
function isColourFunction(value: string): boolean {
  const m = /^(rgba?|hsla?)\(([^()]*)\)$/i.exec(value);
  if (!m) return false;
  const body = m[2]!.trim();
  const parts = body.includes(',')
    ? body.split(',').map((p) => p.trim())
    : body
        .replace('/', ' / ')
        .split(/\s+/)
        .filter((p) => p !== '/');
  if (body.split('/').length > 2 || (body.includes(',') && body.includes('/'))) return false;
  return (parts.length === 3 || parts.length === 4) && parts.every((p) => NUMBER.test(p));
}

/** Whether a value is a CSS colour: hex, an rgb/rgba/hsl/hsla function, a named colour or `transparent`. */
export function isCssColour(value: string): boolean {
  const v = value.trim();
  if (v.length > 60) return false;
  return HEX.test(v) || NAMED.has(v.toLowerCase()) || isColourFunction(v);
}

/** A stored colour for a style attribute, or undefined when it is not a CSS colour (e.g. stored before the check). */
export function safeColour(value: string | null | undefined): string | undefined {
  const v = value?.trim();
  return v && isCssColour(v) ? v : undefined;
}
