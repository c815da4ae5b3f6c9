// Small essays written for these tests (not taken from any data set).

export const NEWS_TOPIC =
  "Write a news report for the school newspaper about a recent campus event. Include a headline, a lead that answers who, what, when, where and why, facts, and quotations. About 500 words.";

export const EN_NEWS = `Science Fair Draws Record Crowd

On Friday, 14 March, more than 300 students and parents gathered in the school gym for the annual science fair, which the Science Club organised to raise money for new laboratory equipment.

Forty-two projects were on display. They ranged from a solar-powered water pump to a study of how music affects plant growth. The judges, three teachers from the physics department, spent the morning questioning each team about their methods.

"I was nervous at first, but the judges were curious rather than strict," said Mia Chen, a tenth-grader whose team won first prize for a low-cost air quality sensor. Her team measured pollution near the bus stop for two weeks and compared it with readings from a city monitoring station.

However, not every experiment went to plan. One volcano model collapsed before the judging began, and its makers had to explain their results with photographs instead.

The fair raised 1,250 dollars. According to the club's president, the money will pay for two microscopes and a set of sensors. "Next year we want to invite primary schools as well," he said.`;

export const EN_WEAK = `i think the science fair was good. it was in the gym. their was alot of projects and i liked the volcano becuase it was cool. i recieve a prize for my projet. The the judges was nice. we had fun and everybody liked it and it was good and fun.`;

export const ZH_TOPIC =
  "以“校园科技节”为题，为校报写一篇新闻报道，要求有标题、导语，交代时间、地点、人物、事件和原因，引用参与者的话，约500字。";

export const ZH_NEWS = `校园科技节圆满落幕

3月14日下午，我校第十届校园科技节在学校体育馆举行。本次活动由学生科技社主办，旨在激发同学们对科学的兴趣，共有三百多名师生参加。

科技节共展出四十二件作品，既有太阳能抽水机，也有研究音乐对植物生长影响的实验。三位物理老师担任评委，认真地听取了每个小组的介绍。

高一学生陈敏的小组凭借自制的空气质量检测仪获得一等奖。她说：“一开始我很紧张，但评委老师非常耐心。”她们在公交站附近连续测量了两周，并把数据与市监测站的结果进行了比较。

然而，并不是所有实验都一帆风顺。一个火山模型在评审前倒塌了，制作者只好用照片说明实验结果。

据科技社社长介绍，本次活动共筹得一千二百五十元，将用于购买两台显微镜。“明年我们希望邀请小学生一起参加。”他说。`;

export const ZH_WEAK = `今天我们学校有科技节。我去看了。有很多作品。我觉的很好玩。自已也做了一个作品。老师很认真的看了我们的作品。我很gao兴。科技节很好。我们都很开心。`;

/** A grade-3 story of about 250 characters, typed on one line as a transcription would be. */
export const ZH_G3_STORY =
  "星期天，妈妈带我去公园放风筝。我的风筝是一只漂亮的蝴蝶，有红色的翅膀和长长的尾巴。刚开始，风筝怎么也飞不起来，我急得满头大汗。妈妈笑着说：“别着急，你要逆着风跑。”我按照妈妈说的，拉着线使劲往前跑。风筝慢慢地升起来了，越飞越高，像一只真的蝴蝶在蓝天上跳舞。我高兴得又蹦又跳，大声喊：“妈妈，快看！我的风筝飞起来啦！”后来风越来越大，线差点从我手里滑走，我赶紧用两只手抓紧它，一步一步往后退。旁边的小朋友都跑过来看，有的拍手，有的还问我是怎么放上去的。我骄傲地把妈妈教我的办法告诉了他们。太阳落山的时候，我们才依依不舍地回家。这一天我玩得非常开心，我也明白了做事情不能着急，要动脑筋。";

/** The same story as a child might write it, with pinyin for characters not learnt yet. */
export const ZH_G3_STORY_PINYIN = ZH_G3_STORY.replace("蝴蝶", "hu蝶").replace("翅膀", "chi膀").replace("逆着", "ni着");
