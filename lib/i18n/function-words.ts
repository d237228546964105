/**
 * Words that never make a hashtag or a topic, in the five drafting languages: articles,
 * pronouns, prepositions, conjunctions, auxiliaries and the most common verbs.
 */
export const functionWords: ReadonlySet<string> = new Set(
  [
    // en
    "the a an and or but of for to in on at by with from into about as is are was were be been being have has had do does did can could will would should must may might not no yes this that these those who whom which what when where why how their they them our we you your i my me it its than then so very just also more most less get gets make makes use uses want wants need needs like every each other same different only still even until before after between without",
    "tell tells know knows work works find finds help helps keep keeps take takes give gives come comes go goes see sees learn learns buy buys bought start starts stop stops try tries turn turns feel feels live lives love loves",
    // de
    "der die das den dem des ein eine einen einem einer und oder aber für zu zum zur in im an am auf aus bei mit nach von vor über unter um durch ohne gegen bis ist sind war waren sein hat haben hatte wird werden kann können muss müssen soll sollen will wollen darf dürfen nicht kein keine sie er es wir ihr ihre sich wer was wann wo wie warum dass weil wenn als auch noch schon sehr nur mehr jeden jede jeder legen machen geben liefern backen",
    // fr
    "le la les un une des du de et ou mais pour par dans sur avec sans sous chez entre vers est sont était être avoir a ont fait faire peut peuvent doit doivent veut qui que quoi quand où comment pourquoi ne pas plus très aussi leur leurs ils elles nous vous je il elle on ce cette ces son sa ses toute tout tous toutes chaque suit trouvent trouver",
    // es
    "el la los las un una unos unas y o pero de del para por en con sin sobre entre hasta desde es son era ser estar está están tiene tienen hacer puede pueden debe quiere que quien cuando donde como porque no más muy también su sus ellos ellas nosotros usted ustedes yo lo le les se cada todo toda todos preparan enviamos tostamos llegar",
    // pt
    "o a os as um uma uns umas e ou mas de do da dos das para por em no na nos nas com sem sobre entre até desde é são era ser estar está estão tem têm fazer pode podem deve quer que quem quando onde como porque não mais muito também seu sua seus suas eles elas nós você vocês eu lhe se ao cada todo toda dia trabalha trabalham passa sente cabem",
  ]
    .join(" ")
    .split(/\s+/),
);
